import type { Page, TestInfo } from '@playwright/test';
import type { AdminEntry } from '../../src/shared/contracts/admin';
import { ageTickMessage, type BoardView } from '../../src/shared/contracts/boards';
import type { Payouts } from '../../src/shared/contracts/prizes';
import { cellPosition, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { legalMessages } from '../../src/shared/domain/legal';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  isPhone,
  keepScreenshot,
  test,
} from './fixtures';

/**
 * A cash winner paid at the venue (issue 36): the organizer adds a cash entry with the entrant's state, age tick
 * and email (a fan's rules, a fan's words), imports two more from a pasted CSV, the entry wins a period, the
 * organizer shows its claim code (which the claim page takes) and records the prize paid in cash with who
 * received it; the payouts row says so. On desktop and phone, checked with axe.
 */

async function enterAdmin(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
}

/** A picture for a person to read: the whole page on desktop, what the phone's screen shows on the phone. */
const shoot = (page: Page, info: TestInfo, name: string) =>
  keepScreenshot(page, info.outputPath(`${name}-${isPhone(page) ? 'phone' : 'desktop'}.png`), {
    visibleOnly: isPhone(page),
  });

test('a cash winner: added with state, age and email, shown a claim code, paid in cash at the venue', async ({
  page,
}, info) => {
  const slug = `cash-venue-${info.project.name}`;
  await enterAdmin(page, '/admin-entries');
  const origin = { origin: new URL(page.url()).origin };
  const created = await page.request.post('/api/admin/boards', {
    headers: origin,
    data: {
      slug,
      game: {
        league: 'NBA',
        teamA: 'Nets',
        teamB: `Hornets ${info.project.name}`,
        startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        venue: 'Barclays Center',
      },
      format: '1v99',
      entryRule: { kind: 'whole-range', minCents: 500, maxCents: 2000, defaultCents: 500, quickPicksCents: [500] },
      prizeTable: nbaFinalsPrizes,
      organization: 'Nets Foundation',
      mode: 'sweepstakes',
      paymentRequired: false,
      payoutMethods: ['pickup', 'check'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.reload();

  // One cash entry from the form: without the state and the age tick it is refused, in a fan's words.
  const form = page.getByRole('form', { name: 'Add an entry' });
  await form.getByLabel('Game board (team)').selectOption(slug);
  const age = form.getByRole('checkbox', { name: /^The entrant is 18 or older/ });
  await form.getByLabel('Nickname').fill('Cash');
  await form.getByLabel('Support amount in dollars').fill('10');
  await form.getByLabel('Email (optional)').fill(`cash-${info.project.name}@example.com`);
  await form.getByRole('button', { name: 'Add Entry' }).click();
  await expect(form.getByText(ageTickMessage)).toBeVisible();
  await expect(form.getByText(legalMessages.stateRequired('sweepstakes'))).toBeVisible();
  await form.getByLabel('State', { exact: true }).selectOption('OH');
  await age.check();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, info, 'cash-entry-form');
  await form.getByRole('button', { name: 'Add Entry' }).click();
  await expect(page.getByRole('status').getByText('Entry added successfully')).toBeVisible();
  await expect(age).not.toBeChecked();

  // Two more from a pasted CSV: a line from an excluded state refuses the file, named by line and column.
  const importer = page.getByRole('form', { name: 'Import entries from a CSV file' });
  await importer.getByLabel('Game board (team)').selectOption(slug);
  const lines = importer.getByLabel(/file.s lines/);
  await lines.fill('Nickname,State,Amount,Age Confirmed,Team Support\nDee,NY,5,yes,"Nets, always"\nEve,TX,5,yes,\n');
  await importer.getByRole('button', { name: 'Import entries' }).click();
  const problems = importer.getByRole('list', { name: 'Problems in the file' });
  await expect(problems).toContainText(`Line 2, State: ${legalMessages.stateExcluded('sweepstakes', 'NY')}`);
  await expect(importer.getByRole('alert')).toHaveText('Nothing was added: 1 line of the file has problems.');
  await lines.fill('Nickname,State,Amount,Age Confirmed,Team Support\nDee,WA,5,yes,"Nets, always"\nEve,TX,5,yes,\n');
  await importer.getByRole('button', { name: 'Import entries' }).click();
  await expect(importer.getByTestId('import-outcome')).toContainText('2 entries added');
  await expect(problems).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, info, 'cash-import');

  // The cash entry wins the 1st quarter (locked and scored through the API).
  const listed = await page.request.get(`/api/admin/entries?board=${slug}`);
  const entries = ((await listed.json()) as { entries: AdminEntry[] }).entries;
  expect(entries.map((e) => e.nickname).sort()).toEqual(['Cash', 'Dee', 'Eve']);
  const cash = entries.find((e) => e.nickname === 'Cash') as AdminEntry;
  expect(cash).toMatchObject({ state: 'OH', amountCents: 1000, phone: null });
  expect((await page.request.post(`/api/admin/boards/${slug}/lock`, { headers: origin })).status()).toBe(200);
  const board = (await (await page.request.get(`/api/boards/${slug}`)).json()) as BoardView;
  const { row, column } = cellPosition(board.cells.find((c) => c.code === cash.code)?.cell ?? -1);
  const scored = await page.request.post(`/api/admin/boards/${slug}/scores`, {
    headers: origin,
    data: {
      period: 'q1',
      teamAScore: 20 + (board.axes.columns[column] ?? 0),
      teamBScore: 30 + (board.axes.rows[row] ?? 0),
    },
  });
  expect(scored.status(), await scored.text()).toBe(200);
  const ledger = (await (await page.request.get(`/api/admin/payouts?board=${slug}`)).json()) as Payouts;
  const prize = ledger.prizes.find((p) => p.period === 'q1');
  expect(prize).toMatchObject({ state: 'unclaimed', winnerNickname: 'Cash', prizeCents: 5000 });

  // The payouts row: show the claim code, to read out or print.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Boards' }).click();
  const prizeRow = page.locator(`tr[data-prize-id="${prize?.id}"]`).first();
  await expect(prizeRow).toContainText('Unclaimed');
  await prizeRow.getByRole('button', { name: /^Show claim code/ }).click();
  const slip = page.getByRole('dialog', { name: 'Claim code' });
  const code = slip.getByTestId('claim-code');
  await expect(code).toHaveText(/^\d{4} \d{4}/);
  await expect(slip.getByRole('img', { name: 'QR code of the claim link' })).toBeVisible();
  const digits = ((await code.locator('[aria-hidden="true"]').textContent()) ?? '').replace(/\D/g, '');
  const claimUrl = (await slip.getByRole('link').getAttribute('href')) ?? '';
  expect(claimUrl).toContain('/claim/');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, info, 'claim-code-slip');
  await page.emulateMedia({ media: 'print' });
  await keepScreenshot(page, info.outputPath(`claim-code-print-${isPhone(page) ? 'phone' : 'desktop'}.png`), {
    visibleOnly: true,
  });
  await page.emulateMedia({ media: 'screen' });
  await slip.getByRole('button', { name: 'Done' }).click();
  await expect(slip).toBeHidden();

  // The claim page takes that code where an entry has no phone (checked, not claimed: the prize is paid next).
  const claimPage = await page.context().newPage();
  await claimPage.goto(new URL(claimUrl).pathname);
  const codeField = claimPage.getByLabel('Claim code from the organizer');
  await expect(codeField).toBeVisible();
  await expect(claimPage.getByRole('button', { name: 'Text me a code' })).toHaveCount(0);
  await codeField.fill(digits);
  await expect(codeField).toHaveValue(digits);
  await expectNoSeriousA11yViolations(claimPage);
  await claimPage.close();

  // Paid in cash at the venue, with who received it.
  await prizeRow.getByRole('button', { name: /^Paid in cash/ }).click();
  const paying = page.getByRole('dialog', { name: 'Paid $50 in cash?' });
  await paying.getByRole('button', { name: 'Record paid in cash' }).click();
  await expect(paying.getByText('Who received the prize is required')).toBeVisible();
  await paying.getByLabel('Received by').fill('Pat Doe');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, info, 'paid-in-cash-dialog');
  await paying.getByRole('button', { name: 'Record paid in cash' }).click();
  await expect(page.getByRole('status').getByText('Paid in cash')).toBeVisible();
  await expect(paying).toBeHidden();
  await expect(prizeRow).toContainText('Paid');
  await expect(prizeRow).toContainText('Cash at the venue');
  await expect(prizeRow).toContainText('Received by Pat Doe');
  await expect(prizeRow.getByRole('button')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await prizeRow.scrollIntoViewIfNeeded();
  await shoot(page, info, 'payouts-paid-in-cash');
});
