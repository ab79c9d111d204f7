import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { BoardView } from '../../src/shared/contracts/boards';
import { cellPosition, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { freeEntryText, noPurchaseNecessary } from '../../src/shared/domain/legal';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { sheetLayout } from '../support/sheet-layout';
import { expect, expectNoSeriousA11yViolations, isPhone, keepScreenshot, test } from './fixtures';

/**
 * The printed sheet of a scored board, checked as an image: an organizer scores a sweepstakes board (a roll-over
 * and a winner), downloads its Letter and A4 sheets from the board's share panel, and pdf.js, the reader a
 * browser ships, paints each onto a canvas. On the painted page no ink crosses a grid line or the white just
 * inside a cell's edge, and every label the PDF declares is painted where it says. A PDF is the same on a
 * phone, so the journey runs on the desktop project only.
 */
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** pdf.js and its standard fonts, served to the painting page under a path of its own (no app page, no CSP). */
const RENDER = '/__sheet-render';
const SCALE = 4;

async function enterAdmin(page: Page) {
  await page.goto('/admin-boards');
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
}

const publicBoard = async (page: Page, slug: string): Promise<BoardView> => {
  const res = await page.request.get(`/api/boards/${slug}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as BoardView;
};

/** What the painted page shows wrong: ink on a grid line, ink in a cell's edge, a label not painted at its box. */
type Layout = Awaited<ReturnType<typeof sheetLayout>>;
function paintedProblems({ layout, scale }: { layout: Pick<Layout, 'cells' | 'grid' | 'texts'>; scale: number }) {
  const canvas = document.getElementById('sheet') as HTMLCanvasElement;
  const ctx = canvas.getContext('2d');
  if (!ctx) return ['no canvas'];
  const { data, width } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const light = (x: number, y: number) => {
    const i = (Math.round(y * scale) * width + Math.round(x * scale)) * 4;
    return 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
  };
  const step = 1 / scale;
  const problems: string[] = [];
  // The grid's lines are grey (#8a8a8a): anything darker on one is a label crossing it.
  const { grid } = layout;
  const xs = [...new Set(layout.cells.flatMap((c) => [c.left, c.right]))];
  const ys = [...new Set(layout.cells.flatMap((c) => [c.top, c.bottom]))];
  for (const x of xs) {
    for (let y = grid.top; y <= grid.bottom; y += step) if (light(x, y) < 100) problems.push(`ink on the line x=${x}`);
  }
  for (const y of ys) {
    for (let x = grid.left; x <= grid.right; x += step) if (light(x, y) < 100) problems.push(`ink on the line y=${y}`);
  }
  // Inside each cell, between its line (or outline) and the room its text keeps, the paper stays white.
  for (const c of layout.cells) {
    const from = c.inner.left - c.left + 0.4;
    const to = 3.6;
    for (let d = from; d <= to; d += step) {
      for (let t = c.left + d; t <= c.right - d; t += step) {
        if (light(t, c.top + d) < 200 || light(t, c.bottom - d) < 200)
          problems.push(`ink at the edge of ${c.row},${c.column}`);
      }
      for (let t = c.top + d; t <= c.bottom - d; t += step) {
        if (light(c.left + d, t) < 200 || light(c.right - d, t) < 200)
          problems.push(`ink at the edge of ${c.row},${c.column}`);
      }
    }
  }
  // Every label is painted inside the box the PDF gives it.
  for (const t of layout.texts) {
    let ink = 0;
    for (let y = t.top; y <= t.bottom; y += step)
      for (let x = t.left; x <= t.right; x += step) if (light(x, y) < 200) ink++;
    if (ink === 0) problems.push(`"${t.str}" is not painted in its box`);
  }
  return [...new Set(problems)];
}

test('a scored board’s printed sheet, painted: no label crosses a cell', async ({ page, baseURL }, info) => {
  test.skip(isPhone(page), 'a PDF is the same on every screen');
  test.setTimeout(240_000);
  const slug = `sheet-${info.project.name}`;
  const teamB = `Minnesota Timberwolves ${info.project.name}`;
  await enterAdmin(page);
  const origin = { origin: new URL(page.url()).origin };
  const created = await page.request.post('/api/admin/boards', {
    headers: origin,
    data: {
      slug,
      game: {
        league: 'NBA',
        teamA: 'Oklahoma City Thunder',
        teamB,
        startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        venue: 'Paycom Center',
      },
      format: '1v99',
      entryRule: { kind: 'whole-range', minCents: 100, maxCents: 2000, defaultCents: 100, quickPicksCents: [100, 500] },
      prizeTable: nbaFinalsPrizes,
      organization: 'Thunder Cares',
      mode: 'sweepstakes',
      paymentRequired: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  // Fans with the widest codes there are (W and M), and more, then the board locks and draws its digits.
  const nicknames = ['WWW', 'MMM', 'WMW', 'MWM', 'WWM', 'MMW', 'WMM', 'MWW', 'Wilma', 'Miriam', 'Walt', 'Mo'];
  for (const [i, nickname] of [...nicknames, ...Array.from({ length: 28 }, (_, n) => `Fan${n}`)].entries()) {
    const res = await page.request.post(`/api/boards/${slug}/entries`, {
      headers: origin,
      data: {
        phone: fictionPhone(600 + i),
        nickname,
        amountCents: 500,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        idempotencyKey: `sheet-journey-${slug}-${i}`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  expect((await page.request.post(`/api/admin/boards/${slug}/lock`, { headers: origin })).status()).toBe(200);
  const locked = await publicBoard(page, slug);
  const taken = new Set(locked.cells.map((c) => c.cell));
  const empty = Array.from({ length: 100 }, (_, i) => i).find((i) => !taken.has(i)) ?? 0;
  const wide = locked.cells.find((c) => c.code === 'WWW') ?? locked.cells[0];
  if (!wide) throw new Error('the board has entries');
  const scoreOf = (cell: number, tens: number) => {
    const { row, column } = cellPosition(cell);
    return [tens * 10 + (locked.axes.columns[column] ?? 0), tens * 10 + (locked.axes.rows[row] ?? 0)] as const;
  };

  // The organizer scores the 1st quarter on an empty cell (its prize rolls over) and the 2nd on WWW's cell.
  await page.getByRole('button', { name: `Manage ${slug}` }).click();
  const panel = page.getByRole('region', { name: `Manage ${slug}` });
  const form = panel.getByRole('form', { name: 'Enter a score' });
  for (const [period, label, cell, tens] of [
    ['q1', '1st quarter', empty, 2],
    ['q2', '2nd quarter', wide.cell, 5],
  ] as const) {
    const [a, b] = scoreOf(cell, tens);
    await expect(form.getByLabel('Period')).toHaveValue(period);
    await form.getByLabel('Oklahoma City Thunder score').fill(String(a));
    await form.getByLabel(`${teamB} score`).fill(String(b));
    await form.getByRole('button', { name: 'Save score' }).click();
    const check = page.getByRole('dialog', { name: `Save ${label}?` });
    // The preview names the winning cell as every screen does: the drawn digits, then the place.
    const { row, column } = cellPosition(cell);
    await expect(check.getByRole('region', { name: 'After saving' })).toContainText(
      `Oklahoma City Thunder ${a % 10} / ${teamB} ${b % 10} (row ${row + 1}, column ${column + 1})`,
    );
    await check.getByRole('button', { name: 'Save score' }).click();
    await expect(page.getByRole('status').getByText('Score saved')).toBeVisible();
  }

  // The board's prize panel says the roll-over; the share panel offers the two sheets.
  await page.goto(`/boards/${slug}`);
  const prizes = page.getByRole('region', { name: 'Prizes and rules' });
  await expect(prizes.locator('[data-prize-period="q2"]')).toContainText(
    `2nd quarter: $150 (includes $50 rolled over) · ${scoreOf(wide.cell, 5).join('-')}, won by ${wide.code}`,
  );
  const share = page.getByRole('region', { name: 'Share this board' });
  await expectNoSeriousA11yViolations(page);

  await page.context().route(`${baseURL}${RENDER}/**`, (route) => {
    const file = new URL(route.request().url()).pathname.slice(RENDER.length + 1);
    if (file === 'page.html') {
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><title>Sheet</title></head><body style="margin:0"><canvas id="sheet"></canvas></body></html>',
      });
    }
    const served = file.startsWith('standard_fonts/') ? file : `build/${path.basename(file)}`;
    return route.fulfill({
      contentType: file.endsWith('.mjs') ? 'text/javascript' : 'application/octet-stream',
      body: readFileSync(path.join(pdfjsDir, served)),
    });
  });

  for (const [size, name] of [
    ['letter', 'Letter'],
    ['a4', 'A4'],
  ] as const) {
    const href = await share
      .getByRole('link', { name: new RegExp(`^Printable sheet \\(${name}\\)`) })
      .getAttribute('href');
    expect(href).toBe(`/api/boards/${slug}/sheet.pdf?size=${size}`);
    const pdf = await page.request.get(href ?? '');
    expect(pdf.status()).toBe(200);
    const bytes = await pdf.body();
    const layout = await sheetLayout(bytes);
    expect(layout.problems, size).toEqual([]);
    expect(layout.text).toContain(`2nd quarter $150 (includes $50 rolled over) · ${scoreOf(wide.cell, 5).join('-')}`);
    expect(layout.text).toContain(noPurchaseNecessary);
    expect(layout.text).toContain(freeEntryText(locked.legal));
    expect(layout.text).toContain('Entry amount: any whole-dollar amount from $1 to $20.');

    // pdf.js paints the page in the browser, four pixels to the point.
    const sheetPage = await page.context().newPage();
    await sheetPage.goto(`${baseURL}${RENDER}/page.html`);
    await sheetPage.evaluate(
      async ({ data, render, scale }) => {
        const pdfjs = await import(`${render}/pdf.mjs`);
        pdfjs.GlobalWorkerOptions.workerSrc = `${render}/pdf.worker.mjs`;
        const doc = await pdfjs.getDocument({
          data: Uint8Array.from(atob(data), (c) => c.charCodeAt(0)),
          standardFontDataUrl: `${render}/standard_fonts/`,
        }).promise;
        const pdfPage = await doc.getPage(1);
        const viewport = pdfPage.getViewport({ scale });
        const canvas = document.getElementById('sheet') as HTMLCanvasElement;
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        // Shown at a readable size; painted at full scale.
        canvas.style.width = `${(viewport.width / scale) * 1.5}px`;
        await pdfPage.render({ canvas, viewport }).promise;
      },
      { data: bytes.toString('base64'), render: RENDER, scale: SCALE },
    );
    const { cells, grid, texts } = layout;
    expect(await sheetPage.evaluate(paintedProblems, { layout: { cells, grid, texts }, scale: SCALE }), size).toEqual(
      [],
    );
    await keepScreenshot(sheetPage, info.outputPath(`sheet-${size}.png`));
    await sheetPage.close();
  }
});
