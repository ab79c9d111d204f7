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
