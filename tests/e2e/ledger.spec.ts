import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { ledgerCsvColumns } from '../../src/shared/contracts/ledger';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, keepScreenshot, test } from './fixtures';

/**
 * The ledger on the KPI page (docs/decisions/0023-one-ledger-of-money.md): where every collected dollar went, as
 * one sum; a board's ledger CSV downloaded and read back; the demo boards left out through the page's filter
 * (kept in its address); the donations figure beside the entries'.
 */

async function enterAdmin(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
}

/** A board of this project's own with one organizer entry of $10, marked collected (through the API). */
async function boardWithCash(page: Page, info: TestInfo) {
  const slug = `ledger-${info.project.name}`;
  const headers = { origin: new URL(page.url()).origin };
  const made = await page.request.post('/api/admin/boards', {
    headers,
    data: {
      slug,
      game: {
        league: 'NBA',
        teamA: 'Hornets',
        teamB: `Bulls ${info.project.name}`,
        startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        venue: 'Spectrum Center',
      },
      format: '1v99',
      entryRule: { kind: 'presets-or-custom', presetsCents: [500, 1000], minCents: 500 },
      prizeTable: nbaFinalsPrizes,
      organization: 'Hornets Foundation',
      mode: 'sweepstakes',
      paymentRequired: false,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const entry = await page.request.post('/api/admin/entries', {
    headers,
    data: { boardSlug: slug, nickname: 'Cash', amountCents: 1000, state: 'OH', ageConfirmed: true },
  });
  expect(entry.status(), await entry.text()).toBe(201);
  const id = ((await entry.json()) as { id: string }).id;
  expect((await page.request.post(`/api/admin/entries/${id}/paid`, { headers })).status()).toBe(200);
  return slug;
}

test('the KPI page’s ledger adds up, a board’s ledger CSV reads back, and demo boards can be left out', async ({
  page,
}, info) => {
  await enterAdmin(page, '/admin-kpi');
  const slug = await boardWithCash(page, info);
  await page.reload();

  const ledger = page.getByRole('region', { name: 'Ledger', exact: true });
  await expect(ledger.getByText(/collected = refunded .* \+ kept /)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totals' }).getByText('Donations', { exact: true })).toBeVisible();
  const perBoard = page.getByRole('region', { name: 'Entries per board' });
  const row = perBoard.getByRole('row', { name: new RegExp(slug) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Ledger does not add up')).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: `Ledger CSV of ${slug}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`ledger_${slug}_${new Date().toISOString().slice(0, 10)}.csv`);
  const lines = (await readFile((await download.path()) as string, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(ledgerCsvColumns.map((c) => `"${c}"`).join(','));
  expect(lines.some((l) => l.startsWith(`"${slug}","Hornets Foundation","cash","kept",10,10,`))).toBe(true);
  expect(lines).toContain(`"${slug}","","total","collected",10,"","","","","","",""`);
  expect(lines).toContain(`"${slug}","","total","kept",10,"","","","","","",""`);

  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, info.outputPath('kpi-ledger.png'));

  // Leaving the demo boards out: the page's address says so (a reload keeps it), and this board stays.
  const filter = page.getByRole('checkbox', { name: 'Leave out demo boards' });
  await filter.check();
  await expect(page).toHaveURL(/[?&]demo=exclude/);
  await expect(perBoard.getByRole('row', { name: /· demo/ })).toHaveCount(0);
  await expect(row).toBeVisible();
  await page.reload();
  await expect(filter).toBeChecked();
  await expect(page.getByRole('link', { name: 'Export ledger CSV' })).toHaveAttribute('href', /demo=exclude/);
  await filter.uncheck();
  await expect(page).not.toHaveURL(/demo=exclude/);
  await keepScreenshot(page, info.outputPath('kpi-ledger-top.png'), { visibleOnly: true });
});
