import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * The text a PNG's QR code reads as, or null when the bytes are not a PNG or hold no readable code.
 * Only PNG is decoded: it is what QR generators export, and its decoder is pure JavaScript.
 */
export function readQrCode(png: Buffer): string | null {
  let image: PNG;
  try {
    image = PNG.sync.read(png);
  } catch {
    return null;
  }
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return decoded?.data ?? null;
}
