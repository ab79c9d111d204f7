import { type Box, readPdfLayout, type TextBox } from './pdf';

/**
 * The printable sheet's layout as a reader of the PDF finds it: the grid's cells (from its 11 + 11 ruled
 * lines), the outlined cells (closed rectangles drawn with a heavy line), every text run's box, and each problem
 * with them. A label must sit either wholly inside one cell (clear of its lines and of its outline) or wholly
 * outside the grid; no two labels may overlap; nothing is written over the QR code or off the page's margins.
 */
export interface SheetCell extends Box {
  row: number;
  column: number;
  /** The room inside the cell's lines and outline that its code and period numbers must stay in. */
  inner: Box;
  outlined: boolean;
}

const EPS = 0.01;
const intersects = (a: Box, b: Box) =>
  a.left < b.right - EPS && b.left < a.right - EPS && a.top < b.bottom - EPS && b.top < a.bottom - EPS;
const inside = (a: Box, b: Box) =>
  a.left >= b.left - EPS && a.right <= b.right + EPS && a.top >= b.top - EPS && a.bottom <= b.bottom + EPS;
const near = (a: number, b: number, tolerance = 0.05) => Math.abs(a - b) <= tolerance;
const shrink = (b: Box, by: number): Box => ({
  left: b.left + by,
  top: b.top + by,
  right: b.right - by,
  bottom: b.bottom - by,
});
const show = (t: TextBox) => `"${t.str}" at ${t.left.toFixed(1)},${t.top.toFixed(1)}`;

export async function sheetLayout(bytes: Uint8Array) {
  const pages = await readPdfLayout(bytes);
  if (pages.length !== 1) throw new Error(`the sheet has ${pages.length} pages`);
  const page = pages[0] as (typeof pages)[number];
  const strokes = page.shapes.filter((s) => s.kind === 'stroke');
  // The grid's rules: the straight lines as long as the grid, one set across and one down.
  const straight = strokes.filter((s) => s.points.length === 2 && !s.closed);
  const across = straight.filter((s) => near(s.box.top, s.box.bottom) && s.box.right - s.box.left > 100);
  const down = straight.filter((s) => near(s.box.left, s.box.right) && s.box.bottom - s.box.top > 100);
  // Other lines run across too (the band's rule, the link's underline); the grid's 11 share one length.
  const lengths = across.map((s) => Math.round(s.box.right - s.box.left));
  const gridWidth = lengths.find((l) => lengths.filter((m) => m === l).length >= 11) ?? 0;
  const rows = [
    ...new Set(across.filter((s) => Math.round(s.box.right - s.box.left) === gridWidth).map((s) => s.box.top)),
  ];
  const columns = [...new Set(down.map((s) => s.box.left))];
  rows.sort((a, b) => a - b);
  columns.sort((a, b) => a - b);
  if (rows.length !== 11 || columns.length !== 11) {
    throw new Error(`expected 11 + 11 grid lines, found ${rows.length} + ${columns.length}`);
  }
  const lineWidth = Math.max(...down.map((s) => s.lineWidth));
  const grid: Box = {
    left: columns[0] as number,
    right: columns[10] as number,
    top: rows[0] as number,
    bottom: rows[10] as number,
  };
  const outlines = strokes.filter((s) => s.closed && s.points.length >= 4 && s.lineWidth > lineWidth * 1.5);
  const cells: SheetCell[] = [];
  for (let row = 0; row < 10; row++) {
    for (let column = 0; column < 10; column++) {
      const box = {
        left: columns[column] as number,
        right: columns[column + 1] as number,
        top: rows[row] as number,
        bottom: rows[row + 1] as number,
      };
      const outline = outlines.find((o) => inside(o.box, box));
      const inner = outline ? shrink(outline.box, outline.lineWidth / 2) : shrink(box, lineWidth / 2);
      cells.push({ ...box, row, column, inner, outlined: Boolean(outline) });
    }
  }
  const texts = page.texts;
  // The QR code: the large filled square behind its modules.
  const qr = page.shapes.filter(
    (s) => s.kind === 'fill' && s.box.right - s.box.left > 20 && s.box.bottom - s.box.top > 20,
  );
  const problems: string[] = [];
  for (const t of texts) {
    const cell = cells.find((c) => intersects(t, c));
    if (cell && !inside(t, cell.inner)) problems.push(`${show(t)} crosses the edge of cell ${cell.row},${cell.column}`);
    if (!cell && intersects(t, shrink(grid, -lineWidth / 2))) problems.push(`${show(t)} touches the grid's lines`);
    for (const q of qr) if (intersects(t, q.box)) problems.push(`${show(t)} is over the QR code`);
    if (!inside(t, { left: 0, top: 0, right: page.width, bottom: page.height }))
      problems.push(`${show(t)} is off the page`);
  }
  for (const [i, a] of texts.entries()) {
    for (const b of texts.slice(i + 1)) if (intersects(a, b)) problems.push(`${show(a)} overlaps ${show(b)}`);
  }
  /** The text runs inside one cell, top to bottom. */
  const textIn = (row: number, column: number) => {
    const cell = cells.find((c) => c.row === row && c.column === column);
    return cell ? texts.filter((t) => inside(t, cell)).sort((a, b) => a.top - b.top) : [];
  };
  return { page, grid, cells, texts, problems, textIn, text: texts.map((t) => t.str).join(' ') };
}
