import { describe, expect, it } from 'vitest';
import { base64OfBytes, bytesOfBase64, signedTextOfFile } from './psbt-files.ts';

/** The start of a PSBT as a wallet writes it to a .psbt file: its magic, then a global map. */
const PSBT_BYTES = Uint8Array.from([0x70, 0x73, 0x62, 0x74, 0xff, 0x01, 0x00, 0x52, 0x02, 0x00, 0x00, 0x00]);

/** A chosen file as the picker hands it over (jsdom's Blob cannot give its bytes). */
const fileOf = (content: Uint8Array | string) => ({
  arrayBuffer: async () =>
    (typeof content === 'string' ? new TextEncoder().encode(content) : content).slice().buffer,
});

describe('signedTextOfFile', () => {
  it('reads a binary PSBT file as its base64, as the server reads a PSBT', async () => {
    const text = await signedTextOfFile(fileOf(PSBT_BYTES));
    expect(text).toBe('cHNidP8BAFICAAAA');
    expect(bytesOfBase64(text)).toEqual(PSBT_BYTES);
  });

  it('reads a text file (a base64 PSBT, a hex transaction) as its text, without the line break', async () => {
    expect(await signedTextOfFile(fileOf('cHNidP8BAFICAAAA\n'))).toBe('cHNidP8BAFICAAAA');
    expect(await signedTextOfFile(fileOf('  0200000001abcd\r\n'))).toBe('0200000001abcd');
  });
});

describe('base64OfBytes', () => {
  it('encodes a PSBT larger than one slice, byte for byte', () => {
    const bytes = Uint8Array.from({ length: 40_000 }, (_, index) => (index * 7) % 256);
    expect(bytesOfBase64(base64OfBytes(bytes))).toEqual(bytes);
  });
});
