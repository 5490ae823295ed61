import { saveBlob } from '../../../client/api.ts';

/** What every PSBT starts with (BIP 174): "psbt" and 0xff. */
const PSBT_MAGIC = [0x70, 0x73, 0x62, 0x74, 0xff];

/** Bytes as base64; in slices, so a large PSBT does not overflow the argument list. */
export function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  const SLICE = 0x8000;
  for (let start = 0; start < bytes.length; start += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(start, start + SLICE));
  }
  return btoa(binary);
}

export function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
}

/**
 * What a wallet saved, as the server reads it: a binary PSBT file (wallets write .psbt files as
 * bytes) becomes its base64; a text file (a base64 PSBT or a raw transaction in hex) is its text.
 */
export async function signedTextOfFile(file: Pick<Blob, 'arrayBuffer'>): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isBinaryPsbt = PSBT_MAGIC.every((byte, index) => bytes[index] === byte);
  return isBinaryPsbt ? base64OfBytes(bytes) : new TextDecoder().decode(bytes).trim();
}

/** Saves a batch's unsigned PSBT as the binary .psbt file a wallet opens. */
export function downloadPsbt(psbt: string, fileName: string): void {
  saveBlob(new Blob([bytesOfBase64(psbt)], { type: 'application/octet-stream' }), fileName);
}
