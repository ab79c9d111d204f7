import { createRequire } from 'node:module';
import path from 'node:path';

// The legacy build runs in Node without a DOM (pdfjs-dist's own advice for Node).
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
// Metrics of the 14 standard PDF fonts (pdfjs reads them from disk in Node).
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** A PDF's pages, page sizes and text as a reader sees them (each page's text items joined by spaces). */
export async function readPdf(bytes: Uint8Array) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl })
    .promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items = content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str.trim()] : []));
    pages.push({ width, height, items, text: items.join(' ') });
  }
  const info = (await doc.getMetadata()).info as Record<string, unknown>;
  await doc.destroy();
  return { numPages: doc.numPages, pages, info, text: pages.map((p) => p.text).join(' ') };
}

/** A box on a page in points, measured from the page's top left corner (as pdfkit places things). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A text run's box: its advance width along the line, from the font's descender to its ascender. */
export interface TextBox extends Box {
  str: string;
  font: string;
  size: number;
}

/** A stroked or filled path: its points (top-left origin), line width, and whether it closes. */
export interface PathShape {
  kind: 'stroke' | 'fill';
  points: { x: number; y: number }[];
  lineWidth: number;
  closed: boolean;
  box: Box;
}

const afmDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfkit')), 'data');
const metricsCache = new Map<string, { ascent: number; descent: number }>();
/** A standard font's ascender and descender (fractions of the size) as its Adobe metrics file gives them. */
async function fontMetrics(name: string) {
  const known = metricsCache.get(name);
  if (known) return known;
  const { readFile } = await import('node:fs/promises');
  const afm = await readFile(path.join(afmDir, `${name}.afm`), 'utf8');
  const read = (key: string) => Number(new RegExp(`^${key} (-?\\d+)`, 'm').exec(afm)?.[1] ?? Number.NaN) / 1000;
  const metrics = { ascent: read('Ascender'), descent: read('Descender') };
  if (!Number.isFinite(metrics.ascent) || !Number.isFinite(metrics.descent)) throw new Error(`no metrics for ${name}`);
  metricsCache.set(name, metrics);
  return metrics;
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
const boxOf = (points: { x: number; y: number }[]): Box => ({
  left: Math.min(...points.map((p) => p.x)),
  right: Math.max(...points.map((p) => p.x)),
  top: Math.min(...points.map((p) => p.y)),
  bottom: Math.max(...points.map((p) => p.y)),
});

/**
 * Each page's text runs with their boxes and its drawn paths (lines, rectangles), read by pdf.js from the
 * PDF's own operators: where a reader puts every label and every line, independent of how the PDF was made.
 */
export async function readPdfLayout(bytes: Uint8Array) {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl })
    .promise;
  const { OPS } = pdfjs;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    // The operator list loads the fonts, so their names can be read afterwards.
    const ops = await page.getOperatorList();
    const flip = (x: number, y: number) => ({ x, y: height - y });
    const texts: TextBox[] = [];
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const loaded = page.commonObjs.get(item.fontName) as { name: string; ascent?: number; descent?: number };
      // An embedded font (subset-tagged "ABCDEF+Name") carries its own metrics; a standard one has its AFM.
      const font = loaded.name.replace(/^[A-Z]{6}\+/, '');
      const embedded = font !== loaded.name && loaded.ascent !== undefined && loaded.descent !== undefined;
      const { ascent, descent } = embedded
        ? { ascent: loaded.ascent as number, descent: loaded.descent as number }
        : await fontMetrics(font);
      const [a, b, c, d, e, f] = item.transform as Matrix;
      const size = Math.hypot(c, d);
      const along = { x: a / Math.hypot(a, b), y: b / Math.hypot(a, b) };
      const up = { x: c / size, y: d / size };
      const corners = [0, item.width].flatMap((t) =>
        [descent, ascent].map((u) => flip(e + along.x * t + up.x * u * size, f + along.y * t + up.y * u * size)),
      );
      texts.push({ str: item.str, font, size, ...boxOf(corners) });
    }
    const shapes: PathShape[] = [];
    let state = { ctm: [1, 0, 0, 1, 0, 0] as Matrix, lineWidth: 1 };
    const stack: (typeof state)[] = [];
    for (let i = 0; i < ops.fnArray.length; i++) {
      const fn = ops.fnArray[i];
      const args = ops.argsArray[i];
      if (fn === OPS.save) stack.push({ ...state });
      else if (fn === OPS.restore) state = stack.pop() ?? state;
      else if (fn === OPS.transform) state = { ...state, ctm: multiply(state.ctm, args as Matrix) };
      else if (fn === OPS.setLineWidth) state = { ...state, lineWidth: args[0] };
      else if (fn === OPS.constructPath) {
        const [paint, [data]] = args as [number, [ArrayLike<number> | null]];
        const kind =
          paint === OPS.stroke || paint === OPS.closeStroke
            ? 'stroke'
            : paint === OPS.fill || paint === OPS.eoFill
              ? 'fill'
              : null;
        if (!kind || !data) continue;
        const m = state.ctm;
        const at = (x: number, y: number) => flip(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
        // pdf.js's path encoding: moveTo 0 and lineTo 1 take x, y; curves 2 (six numbers) and 3 (four); close 4.
        let points: { x: number; y: number }[] = [];
        let closed = paint === OPS.closeStroke;
        const flush = () => {
          if (points.length > 0) {
            shapes.push({
              kind,
              points,
              lineWidth: state.lineWidth * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])),
              closed,
              box: boxOf(points),
            });
          }
          points = [];
          closed = paint === OPS.closeStroke;
        };
        for (let k = 0; k < data.length; ) {
          const op = data[k];
          if (op === 0) {
            flush();
            points.push(at(data[k + 1] as number, data[k + 2] as number));
            k += 3;
          } else if (op === 1) {
            points.push(at(data[k + 1] as number, data[k + 2] as number));
            k += 3;
          } else if (op === 2) {
            points.push(at(data[k + 5] as number, data[k + 6] as number));
            k += 7;
          } else if (op === 3) {
            points.push(at(data[k + 3] as number, data[k + 4] as number));
            k += 5;
          } else {
            closed = true;
            k += 1;
          }
        }
        flush();
      }
    }
    pages.push({ width, height, texts, shapes });
  }
  await doc.destroy();
  return pages;
}
