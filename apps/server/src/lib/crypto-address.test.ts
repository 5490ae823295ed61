import { describe, expect, it } from 'vitest';
import { isAddressForCoin, isBitcoinAddress, isEthereumAddress } from './crypto-address.ts';

describe('Bitcoin addresses', () => {
  it.each([
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
    'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
  ])('accepts %s', (address) => {
    expect(isBitcoinAddress(address)).toBe(true);
  });

  it.each([
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr',
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    'bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '',
  ])('refuses %s', (address) => {
    expect(isBitcoinAddress(address)).toBe(false);
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
    expect(isAddressForCoin('usdt', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isAddressForCoin('usdt', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false);
  });
});
