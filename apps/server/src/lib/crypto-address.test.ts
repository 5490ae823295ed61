import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { isAddressForCoin, isBitcoinAddress, isEthereumAddress, isTronAddress } from './crypto-address.ts';

describe('Bitcoin addresses', () => {
  it.each([
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
    'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
  ])('accepts %s', (address) => {
    expect(isBitcoinAddress(address, 'mainnet')).toBe(true);
  });

  it.each([
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr',
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    'bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '',
  ])('refuses %s', (address) => {
    expect(isBitcoinAddress(address, 'mainnet')).toBe(false);
  });
});

describe('Bitcoin addresses of the network the platform runs on', () => {
  it.each([
    ['regtest', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'],
    ['regtest', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
    ['testnet', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['testnet', '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc'],
  ] as const)('accepts a %s address %s there and not on mainnet', (network, address) => {
    expect(isAddressForCoin('btc', address, network)).toBe(true);
    expect(isAddressForCoin('btc', address, 'mainnet')).toBe(false);
  });

  it.each([
    ['regtest', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['regtest', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['testnet', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'],
    ['testnet', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  ] as const)('refuses on %s the address %s of another network', (network, address) => {
    expect(isAddressForCoin('btc', address, network)).toBe(false);
  });
});

describe('Ethereum addresses', () => {
  it.each([
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  ])('accepts %s', (address) => {
    expect(isEthereumAddress(address)).toBe(true);
  });

  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA',
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  ])('refuses %s', (address) => {
    expect(isEthereumAddress(address)).toBe(false);
  });

  it('checks USDT as an ERC-20 address', () => {
    expect(isAddressForCoin('usdt', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'mainnet')).toBe(true);
    expect(isAddressForCoin('usdt', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'mainnet')).toBe(false);
  });
});

describe('TRON addresses (TRC-20 USDT)', () => {
  const base58check = createBase58check(sha256);
  const withVersion = (version: number) =>
    base58check.encode(Uint8Array.of(version, ...new Uint8Array(20).fill(7)));

  it.each([
    // The TRC-20 USDT contract, the TRON foundation's address, and the all-zero account.
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    withVersion(0x41),
  ])('accepts %s, for USDT only', (address) => {
    expect(isTronAddress(address)).toBe(true);
    expect(isAddressForCoin('usdt', address, 'mainnet')).toBe(true);
    expect(isAddressForCoin('eth', address, 'mainnet')).toBe(false);
    expect(isAddressForCoin('btc', address, 'mainnet')).toBe(false);
  });

  it.each([
    ['a broken checksum', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'],
    ['a character outside base58', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60'],
    ['one character short', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['lower case', 'tr7nhqjekqxgtci8q8zy4pl8otszgjlj6t'],
    ['another version byte', withVersion(0x42)],
    ['a Bitcoin address', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['nothing', ''],
  ])('refuses %s', (_, address) => {
    expect(isTronAddress(address)).toBe(false);
    expect(isAddressForCoin('usdt', address, 'mainnet')).toBe(false);
  });
});
