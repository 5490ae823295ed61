import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { readQrCode } from './qr-image.ts';

describe('readQrCode', () => {
  it('reads what a QR image encodes', async () => {
    const png = await QRCode.toBuffer('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', { type: 'png' });
    expect(readQrCode(png)).toBe('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
  });

  it('gives null for a PNG without a code, bytes that are not a PNG, and a header claiming huge sides', async () => {
    const blank = PNG.sync.write(new PNG({ width: 64, height: 64 }));
    expect(readQrCode(blank)).toBeNull();
    expect(readQrCode(Buffer.from('not a png at all, not even close'))).toBeNull();
    const huge = Buffer.from(await QRCode.toBuffer('x', { type: 'png' }));
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    expect(readQrCode(huge)).toBeNull();
  });
});
