import { fileTypeFromBuffer } from 'file-type';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const PROOF_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

/**
 * The type of an upload is decided by its first bytes, whatever its name or declared type says;
 * returns the detected MIME type when it is one of `allowed`, else null (SVG and HTML never are).
 */
export async function detectAllowedType(content: Buffer, allowed: readonly string[]): Promise<string | null> {
  const detected = await fileTypeFromBuffer(content);
  return detected && allowed.includes(detected.mime) ? detected.mime : null;
}
