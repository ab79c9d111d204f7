import { logoMaxBytes } from '../../../shared/domain/partners';
import { looksLikeSvg, SvgRejected, sanitizeSvg } from './svg-sanitize';

/** The image types FanGrid stores, by the extension it gives them. */
export const imageTypes = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
} as const;
export type ImageExtension = keyof typeof imageTypes;
export type ImageContentType = (typeof imageTypes)[ImageExtension];

export type InspectedImage =
  | { ok: true; ext: ImageExtension; contentType: ImageContentType; bytes: Uint8Array }
  | { ok: false; reason: 'empty' | 'wrong-type' | 'bad-svg' | 'too-large' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The raster type the file's own bytes announce (magic numbers), or undefined. The name and the type the
 * browser declared play no part.
 */
export function sniffRaster(bytes: Uint8Array): Exclude<ImageExtension, 'svg'> | undefined {
  // PNG: the 8-byte signature, then the IHDR chunk first.
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && startsWith(bytes, ascii('IHDR'), 12)) {
    return 'png';
  }
  // JPEG: SOI then the start of a marker segment.
  if (startsWith(bytes, [0xff, 0xd8, 0xff]) && bytes.length > 3) return 'jpg';
  if ((startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) && bytes.length >= 13) return 'gif';
  // WEBP: a RIFF container of form WEBP whose first chunk is VP8, VP8L or VP8X.
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBPVP8'), 8)) return 'webp';
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decides what an uploaded file really is from its bytes: a PNG, JPEG, GIF or WEBP by its signature, or
 * an SVG when it is UTF-8 XML whose root is <svg> (then only its sanitized form is kept). Anything else
 * (HTML, scripts, other formats, whatever its name says) is refused.
 */
export function inspectImage(bytes: Uint8Array): InspectedImage {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > logoMaxBytes) return { ok: false, reason: 'too-large' };
  const raster = sniffRaster(bytes);
  if (raster) return { ok: true, ext: raster, contentType: imageTypes[raster], bytes };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, reason: 'wrong-type' };
  }
  if (!looksLikeSvg(text)) return { ok: false, reason: 'wrong-type' };
  try {
    const clean = Buffer.from(sanitizeSvg(text), 'utf8');
    if (clean.length > logoMaxBytes) return { ok: false, reason: 'too-large' };
    return { ok: true, ext: 'svg', contentType: imageTypes.svg, bytes: clean };
  } catch (err) {
    if (err instanceof SvgRejected) return { ok: false, reason: err.reason === 'not-svg' ? 'wrong-type' : 'bad-svg' };
    throw err;
  }
}

/** The served name of a stored upload: a UUID and one of the known extensions. */
export const uploadNamePattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp|svg)$/;

export function contentTypeOfName(name: string): ImageContentType | undefined {
  const m = uploadNamePattern.exec(name);
  return m ? imageTypes[m[1] as ImageExtension] : undefined;
}
