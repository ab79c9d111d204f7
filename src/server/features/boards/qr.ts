import { createHash } from 'node:crypto';
import QRCode from 'qrcode';

/** Error correction M (about 15% of the code may be lost: tape, glare, a fold) and a 4-module quiet zone. */
export const qrOptions = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** A QR code's modules as qrcode.create gives them: `size` x `size`, row by row, 1 for a dark module. */
export interface QrModules {
  size: number;
  data: ArrayLike<number | boolean>;
}

/** A rectangle in module units: `w` dark modules side by side from (`x`, `y`), one module high. */
export interface QrRect {
  x: number;
  y: number;
  w: number;
  h: 1;
}

/**
 * The dark modules as rectangles, one per horizontal run of dark modules in a row (fewer shapes than one
 * per module, and no hairline gaps between neighbours when a viewer anti-aliases). Offsets are in modules,
 * without the quiet zone: the caller places the code and keeps the white margin around it.
 */
export function qrModuleRects(modules: QrModules): QrRect[] {
  const { size, data } = modules;
  const rects: QrRect[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      rects.push({ x: start, y, w: x - start, h: 1 });
    }
  }
  return rects;
}

/** The QR code of `link` (error correction M); its modules, for drawing it as vector shapes. */
export const qrModulesOf = (link: string): QrModules => QRCode.create(link, qrOptions).modules;

/** The QR code of `link` as an SVG document (with its quiet zone), and a strong ETag of those bytes. */
export async function qrSvg(link: string): Promise<{ svg: string; etag: string }> {
  const svg = await QRCode.toString(link, { ...qrOptions, type: 'svg' });
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  return { svg, etag };
}

/** Whether an If-None-Match header names `etag` (a list, a weak form, or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
