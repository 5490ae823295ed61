import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';

/** The operator's wallet in these tests: the BIP39 mnemonic "abandon … about". */
const seed = pbkdf2(
  sha512,
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  'mnemonic',
  { c: 2048, dkLen: 64 },
);

export const TEST_WALLET = {
  /** BIP84 account of regtest/testnet, exported as vpub. */
  bitcoinRegtestVpub: HDKey.fromMasterSeed(seed, { public: 0x045f1cf6, private: 0x045f18bc }).derive(
    "m/84'/1'/0'",
  ).publicExtendedKey,
  /** The same BIP84 account exported as a plain xpub, as some wallets do. */
  bitcoinMainnetXpub: HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'").publicExtendedKey,
  bitcoinMainnetZpub:
    'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
  /** The private side of bitcoinRegtestVpub: what signs a payout batch in the tests, as a hardware wallet would. */
  bitcoinRegtestAccount: HDKey.fromMasterSeed(seed, { public: 0x045f1cf6, private: 0x045f18bc }).derive(
    "m/84'/1'/0'",
  ),
  ethereumXpub: HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey,
  ethereumXprv: HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").privateExtendedKey,
};
