import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { MESSAGES } from '@vestora/shared';
import { describe, expect, it } from 'vitest';
import { addressAt, parseAccountKey, toChecksumAddress } from './chain-keys.ts';

// BIP84's published test vectors: the mnemonic "abandon … about", account 0.
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const BIP84_ZPRV =
  'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';
const BIP84_FIRST_RECEIVE = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const BIP84_SECOND_RECEIVE = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
// The same mnemonic's first Ethereum address (m/44'/60'/0'/0/0), as MetaMask and Ledger show it.
const ETHEREUM_FIRST_RECEIVE = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

const seed = pbkdf2(
  sha512,
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  'mnemonic',
  { c: 2048, dkLen: 64 },
);
const TESTNET = { public: 0x043587cf, private: 0x04358394 };
const VPUB = { public: 0x045f1cf6, private: 0x045f18bc };

describe('watch-only keys', () => {
  it("derives BIP84's published receive addresses from its zpub", () => {
    const account = parseAccountKey('btc', BIP84_ZPUB, 'mainnet');
    expect(addressAt('btc', account, 0, 'mainnet')).toBe(BIP84_FIRST_RECEIVE);
    expect(addressAt('btc', account, 1, 'mainnet')).toBe(BIP84_SECOND_RECEIVE);
  });

  it('reads the same account exported as a plain xpub, and derives the same addresses', () => {
    const xpub = HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'").publicExtendedKey;
    expect(addressAt('btc', parseAccountKey('btc', xpub, 'mainnet'), 0, 'mainnet')).toBe(BIP84_FIRST_RECEIVE);
  });

  it('derives test-network addresses from vpub and tpub keys', () => {
    const vpub = HDKey.fromMasterSeed(seed, VPUB).derive("m/84'/1'/0'").publicExtendedKey;
    const tpub = HDKey.fromMasterSeed(seed, TESTNET).derive("m/84'/1'/0'").publicExtendedKey;
    expect(vpub.startsWith('vpub')).toBe(true);
    // BIP84's testnet vector for m/84'/1'/0'/0/0.
    expect(addressAt('btc', parseAccountKey('btc', vpub, 'testnet'), 0, 'testnet')).toBe(
      'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
    );
    expect(addressAt('btc', parseAccountKey('btc', tpub, 'regtest'), 0, 'regtest')).toMatch(/^bcrt1q/);
  });

  it("derives the known Ethereum address from an m/44'/60'/0' xpub", () => {
    const xpub = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey;
    expect(addressAt('eth', parseAccountKey('eth', xpub, 'mainnet'), 0, 'mainnet')).toBe(
      ETHEREUM_FIRST_RECEIVE,
    );
    expect(toChecksumAddress(ETHEREUM_FIRST_RECEIVE.toLowerCase())).toBe(ETHEREUM_FIRST_RECEIVE);
  });

  it('refuses private keys, whatever their network', () => {
    const xprv = HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'").privateExtendedKey;
    const tprv = HDKey.fromMasterSeed(seed, TESTNET).derive("m/84'/1'/0'").privateExtendedKey;
    expect(() => parseAccountKey('btc', BIP84_ZPRV, 'mainnet')).toThrow(MESSAGES.walletKeyPrivate);
    expect(() => parseAccountKey('btc', xprv, 'mainnet')).toThrow(MESSAGES.walletKeyPrivate);
    expect(() => parseAccountKey('btc', tprv, 'mainnet')).toThrow(MESSAGES.walletKeyPrivate);
    expect(() => parseAccountKey('eth', xprv, 'mainnet')).toThrow(MESSAGES.walletKeyPrivate);
  });

  it('refuses a key of the other network, of another address type, or not at the account level', () => {
    const vpub = HDKey.fromMasterSeed(seed, VPUB).derive("m/84'/1'/0'").publicExtendedKey;
    expect(() => parseAccountKey('btc', vpub, 'mainnet')).toThrow(MESSAGES.walletKeyWrongNetwork);
    expect(() => parseAccountKey('btc', BIP84_ZPUB, 'regtest')).toThrow(MESSAGES.walletKeyWrongNetwork);
    const ypub = HDKey.fromMasterSeed(seed, { public: 0x049d7cb2, private: 0x049d7878 }).derive(
      "m/49'/0'/0'",
    ).publicExtendedKey;
    expect(() => parseAccountKey('btc', ypub, 'mainnet')).toThrow(MESSAGES.walletKeyWrongType);
    expect(() => parseAccountKey('eth', BIP84_ZPUB, 'mainnet')).toThrow(MESSAGES.walletEthereumKeyVersion);
    const rootXpub = HDKey.fromMasterSeed(seed).publicExtendedKey;
    expect(() => parseAccountKey('btc', rootXpub, 'mainnet')).toThrow(MESSAGES.walletKeyWrongDepth);
  });

  it('refuses text that is not an extended key, or whose checksum is wrong', () => {
    expect(() => parseAccountKey('btc', 'hello', 'mainnet')).toThrow(MESSAGES.walletKeyMalformed);
    expect(() => parseAccountKey('btc', BIP84_FIRST_RECEIVE, 'mainnet')).toThrow(MESSAGES.walletKeyMalformed);
    const flipped = `${BIP84_ZPUB.slice(0, -1)}${BIP84_ZPUB.endsWith('s') ? 't' : 's'}`;
    expect(() => parseAccountKey('btc', flipped, 'mainnet')).toThrow(MESSAGES.walletKeyMalformed);
  });
});
