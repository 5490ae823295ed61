import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** A QR code needs no more; a few kilobytes of PNG could otherwise unpack into gigabytes of pixels. */
const MAX_SIDE_PIXELS = 4096;

/** Reads the width and height from the PNG header (IHDR, right after the signature) before decoding. */
function hasDecodableSize(png: Buffer): boolean {
  if (png.length < 24 || png.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  return width > 0 && height > 0 && width <= MAX_SIDE_PIXELS && height <= MAX_SIDE_PIXELS;
}

/**
 * The text a PNG's QR code reads as, or null when the bytes are not a PNG or hold no readable code.
 * Only PNG is decoded: it is what QR generators export, and its decoder is pure JavaScript.
 */
export function readQrCode(png: Buffer): string | null {
  if (!hasDecodableSize(png)) return null;
  let image: PNG;
  try {
    image = PNG.sync.read(png);
  } catch {
    return null;
  }
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return decoded?.data ?? null;
}
