import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { etagMatches, type QrModules, qrModuleRects, qrModulesOf, qrSvg } from '../../src/server/features/boards/qr';
import { sheetFileName, sheetTimestamp } from '../../src/server/features/boards/sheet';

/** Paints rectangles back onto a blank grid of `size` x `size` modules (1 = dark). */
function paint(size: number, rects: ReturnType<typeof qrModuleRects>): number[] {
  const grid = new Array<number>(size * size).fill(0);
  for (const r of rects) {
    for (let dy = 0; dy < r.h; dy++) {
      for (let dx = 0; dx < r.w; dx++) {
        const index = (r.y + dy) * size + r.x + dx;
        expect(grid[index], `module ${r.x + dx},${r.y + dy} drawn twice`).toBe(0);
        grid[index] = 1;
      }
    }
  }
  return grid;
}

/**
 * Reads the dark modules back out of qrcode's SVG: its dark path is a list of `M x y` / `m dx dy` moves
 * each followed by `h n` (n dark modules along the row at y - 0.5), offset by the quiet zone.
 */
function modulesOfSvg(svg: string, size: number, margin: number): number[] {
  const dark = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1];
  if (!dark) throw new Error('no dark path in the SVG');
  const grid = new Array<number>(size * size).fill(0);
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of dark.matchAll(/([MmHh])(-?[\d.]+)(?:\s(-?[\d.]+))?/g)) {
    const n = Number(a);
    if (cmd === 'M') [x, y] = [n, Number(b)];
    else if (cmd === 'm') [x, y] = [x + n, y + Number(b)];
    else if (cmd === 'h') {
      const row = y - 0.5 - margin;
      for (let i = 0; i < n; i++) grid[row * size + x - margin + i] = 1;
      x += n;
    } else throw new Error(`unexpected path command ${cmd}`);
  }
  return grid;
}

describe('QR modules as rectangles', () => {
  it('draws one rectangle per horizontal run of dark modules, row by row', () => {
    // 1 1 0 1
    // 0 0 0 0
    // 1 1 1 1
    // 0 1 0 1
    const modules: QrModules = { size: 4, data: [1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1] };
    expect(qrModuleRects(modules)).toEqual([
      { x: 0, y: 0, w: 2, h: 1 },
      { x: 3, y: 0, w: 1, h: 1 },
      { x: 0, y: 2, w: 4, h: 1 },
      { x: 1, y: 3, w: 1, h: 1 },
      { x: 3, y: 3, w: 1, h: 1 },
    ]);
    expect(qrModuleRects({ size: 2, data: [0, 0, 0, 0] })).toEqual([]);
  });

  it("covers exactly qrcode.create's dark modules for board links, with error correction M", () => {
    for (const link of [
      'http://localhost:3000/boards/thunder-timberwolves',
      'https://fangrid.example.com/boards/knicks-vs-pacers-2',
      'https://squares.example.org/boards/mariners-diamondbacks',
    ]) {
      const expected = QRCode.create(link, { errorCorrectionLevel: 'M' });
      const modules = qrModulesOf(link);
      expect(modules.size).toBe(expected.modules.size);
      const want = Array.from(expected.modules.data, (d) => (d ? 1 : 0));
      expect(paint(modules.size, qrModuleRects(modules))).toEqual(want);
      // A run never spans a light module or crosses a row.
      for (const r of qrModuleRects(modules)) expect(r.x + r.w).toBeLessThanOrEqual(modules.size);
    }
  });
});

describe('QR code as SVG', () => {
  it('is an SVG document of the same modules, with a 4-module quiet zone', async () => {
    const link = 'http://localhost:3000/boards/thunder-timberwolves';
    const { svg, etag } = await qrSvg(link);
    const modules = qrModulesOf(link);
    const side = modules.size + 8;
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}"`));
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(modulesOfSvg(svg, modules.size, 4)).toEqual(Array.from(modules.data, (d) => (d ? 1 : 0)));
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    // The same link gives the same bytes and tag; another link another tag.
    expect((await qrSvg(link)).etag).toBe(etag);
    expect((await qrSvg(`${link}-2`)).etag).not.toBe(etag);
  });

  it('matches If-None-Match lists, weak tags and *, and nothing else', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
    expect(etagMatches('abc', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
    expect(etagMatches('', '"abc"')).toBe(false);
  });
});

describe('sheet names and times', () => {
  it('names the file by slug and size, keeping only letters, digits and dashes', () => {
    expect(sheetFileName('knicks-vs-pacers-2', 'a4')).toBe('fangrid-knicks-vs-pacers-2-a4.pdf');
    expect(sheetFileName('a"b\r\nc', 'letter')).toBe('fangrid-a-b-c-letter.pdf');
  });

  it('stamps the sheet with the time in UTC to the minute', () => {
    expect(sheetTimestamp(new Date('2025-06-11T16:00:59Z'))).toBe('2025-06-11 16:00 UTC');
  });
});
