import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { type AdminEntry, gameEntriesCsvColumns } from '../../src/shared/contracts/admin';
import type { BoardView } from '../../src/shared/contracts/boards';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { formatCents } from '../../src/shared/domain/money';
import { SMS_CONSENT_TEXT } from '../../src/shared/domain/sms';
import { parseCsv } from '../support/csv';
import {
  acceptRules,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  isPhone,
  keepScreenshot,
  test,
} from './fixtures';

/**
 * The organizer's changes that cannot be taken back ask first, and what they change can be read before and
 * after: a board opened days early, entries marked collected many at once and one undone, a lock that needs
 * confirming, a score correction previewed with its old and new winner, and the entries CSV whose Board, State
 * and Wins columns say the same. The panel and the entry list fit the phone and a 1280 px screen.
 */

async function enterAdmin(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
}

/** A board slug of this project's own, so the desktop and phone runs never touch each other's boards. */
const slugFor = (info: TestInfo, name: string) => `${name}-${info.project.name}`;

/** A picture of the screen for a person to read, per project. */
const shoot = (page: Page, info: TestInfo, name: string) =>
  keepScreenshot(page, info.outputPath(`${name}-${isPhone(page) ? 'phone' : 'desktop'}.png`));

/**
 * A scheduled board ($5-$20 whole dollars) of a new game three days away, made with the admin session: pledged
 * by default, paid at checkout with `paymentRequired`.
 */
async function createScheduledBoard(page: Page, slug: string, teamB: string, paymentRequired = false) {
  const res = await page.request.post('/api/admin/boards', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      slug,
      game: {
        league: 'NBA',
        teamA: 'Bulls',
        teamB,
        startsAt: new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString(),
        venue: 'United Center',
      },
      format: '1v99',
      entryRule: { kind: 'whole-range', minCents: 500, maxCents: 2000, defaultCents: 500, quickPicksCents: [500] },
      prizeTable: nbaFinalsPrizes,
      organization: 'Bulls Charities',
      mode: 'sweepstakes',
      paymentRequired,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function publicBoard(page: Page, slug: string): Promise<BoardView> {
  const res = await page.request.get(`/api/boards/${slug}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as BoardView;
}

async function boardEntries(page: Page, slug: string): Promise<AdminEntry[]> {
  const res = await page.request.get(`/api/admin/entries?board=${slug}&limit=500`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { entries: AdminEntry[] }).entries;
}

/** The scores whose last digits point at `cell` on the drawn axes. */
function scoresOn(board: BoardView, cell: number) {
  return {
    a: 100 + (board.axes.columns[cell % 10] ?? 0),
    b: 90 + (board.axes.rows[Math.floor(cell / 10)] ?? 0),
  };
}

async function managePanel(page: Page, slug: string) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Boards' }).click();
  const manage = page.getByRole('button', { name: `Manage ${slug}` });
  await manage.click();
  const panel = page.getByRole('region', { name: `Manage ${slug}` });
  await expect(panel.getByRole('heading', { name: `Manage ${slug}` })).toBeFocused();
  return panel;
}

test('open early, collect many and undo one, lock only when confirmed, correct a score after its preview, export', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  // A run repeated (--repeat-each) makes a board of its own each time.
  const slug = slugFor(info, `safety${info.repeatEachIndex || ''}`);
  const rivals = `Bucks ${info.project.name}`;
  await enterAdmin(page, '/admin-boards');
  await createScheduledBoard(page, slug, rivals);
  await page.reload();

  // The panel opens right under its board's row, and fits a 390 px phone without sideways page scroll.
  if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
  const panel = await managePanel(page, slug);
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Manage ${slug}` }) });
  await expect(
    row.locator('xpath=following-sibling::tr[1]').getByRole('region', { name: `Manage ${slug}` }),
  ).toBeVisible();
  await expect(panel.getByText('Scheduled', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // 'Open now' asks first; kept scheduled, nothing changes.
  await panel.getByRole('button', { name: 'Open now' }).click();
  const opening = page.getByRole('dialog', { name: `Open ${slug} now?` });
  await expect(opening).toContainText('squares can then be sold until the game starts');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, info, 'open-now-dialog');
  await opening.getByRole('button', { name: 'Keep it scheduled' }).click();
  await expect(opening).toBeHidden();
  expect((await publicBoard(page, slug)).status).toBe('scheduled');
  await panel.getByRole('button', { name: 'Open now' }).click();
  await opening.getByRole('button', { name: 'Open the board' }).click();
  await expect(page.getByRole('status').getByText('Board open')).toBeVisible();
  await expect(panel.getByText('Open', { exact: true })).toBeVisible();
  expect((await publicBoard(page, slug)).status).toBe('open');

  // Two pledges from the entry manager: the board takes an amount, so the form asks for one.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Entries' }).click();
  const form = page.getByRole('form', { name: 'Add an entry' });
  await form.getByLabel('Game board (team)').selectOption(slug);
  await expect(form.getByLabel('Support amount in dollars')).toHaveAccessibleDescription(
    'Whole dollars from $5 to $20',
  );
  for (const [nickname, amount] of [
    ['Gus', '5'],
    ['Hal', '10'],
  ] as const) {
    await form.getByLabel('Nickname').fill(nickname);
    await form.getByLabel('State', { exact: true }).selectOption('OH');
    await form.getByRole('checkbox', { name: /^The entrant is 18 or older/ }).check();
    await form.getByLabel('Support amount in dollars').fill(amount);
    await form.getByRole('button', { name: 'Add Entry' }).click();
    await expect(page.getByRole('status').getByText(`${nickname} holds`)).toBeVisible();
  }
  const entries = await boardEntries(page, slug);
  const gusEntry = entries.find((e) => e.nickname === 'Gus');
  const halEntry = entries.find((e) => e.nickname === 'Hal');
  if (!gusEntry || !halEntry) throw new Error(`entries missing: ${JSON.stringify(entries)}`);

  // Tick both pledges and mark them collected together; Hal is marked on his own meanwhile, so the outcome
  // names him with the server's reason.
  await page.getByLabel('Show entries of').selectOption(slug);
  const table = page.getByRole('region', { name: 'Entry list' });
  const gusRow = table.getByRole('row', { name: new RegExp(`Gus \\(${gusEntry.code}\\)`) });
  const halRow = table.getByRole('row', { name: new RegExp(`Hal \\(${halEntry.code}\\)`) });
  await expect(gusRow).toContainText('Pledged');
  // At 1280 px (and on the phone) the row's buttons are in view without scrolling the table sideways.
  await gusRow.getByRole('cell').first().scrollIntoViewIfNeeded();
  await expect(gusRow.getByRole('button', { name: /^Mark collected/ })).toBeInViewport();
  await expect(gusRow.getByRole('button', { name: /^Delete/ })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  if (!isPhone(page)) {
    // At 1280 px the whole list fits its box: nothing to scroll sideways to.
    expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  }
  await table.getByRole('checkbox', { name: 'Select every pledge shown' }).check();
  await expect(page.getByRole('button', { name: 'Mark selected collected (2)' })).toBeEnabled();
  await halRow.getByRole('button', { name: /^Mark collected/ }).click();
  await expect(halRow).toContainText('Collected');
  await page.getByRole('button', { name: 'Mark selected collected (2)' }).click();
  const outcome = page.getByTestId('collect-outcome');
  await expect(outcome).toContainText(`1 pledge marked collected: Gus (${gusEntry.code}).`);
  await expect(outcome.getByRole('listitem')).toHaveText(
    `Hal (${halEntry.code}): This pledge is already marked collected.`,
  );
  await expect(gusRow).toContainText('Collected');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, info, 'collected-many');

  // Undo one: Hal is pledged again.
  await halRow.getByRole('button', { name: /^Undo collected/ }).click();
  await expect(page.getByRole('status').getByText('Collected undone')).toBeVisible();
  await expect(halRow).toContainText('Pledged');
  await expect(halRow.getByRole('button', { name: /^Mark collected/ })).toBeVisible();

  // 'Lock now' asks first: kept open, the board stays open and its digits stay hidden.
  const again = await managePanel(page, slug);
  await again.getByRole('button', { name: 'Lock now' }).click();
  const locking = page.getByRole('dialog', { name: `Lock ${slug} now?` });
  await expect(locking).toContainText('shown on the public board for good');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, info, 'lock-now-dialog');
  await locking.getByRole('button', { name: 'Keep it open' }).click();
  await expect(locking).toBeHidden();
  await expect(again.getByRole('button', { name: 'Lock now' })).toBeFocused();
  const stillOpen = await publicBoard(page, slug);
  expect([stillOpen.status, stillOpen.axes.drawn]).toEqual(['open', false]);
  // By keyboard this time: Enter on the focused button opens the dialog, Enter on its last button locks.
  await page.keyboard.press('Enter');
  await expect(locking).toBeVisible();
  await locking.getByRole('button', { name: 'Lock the board' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').getByText('Board locked')).toBeVisible();
  const locked = await publicBoard(page, slug);
  expect([locked.status, locked.axes.drawn]).toEqual(['locked', true]);

  // Score the 1st quarter on Gus's cell: the preview names him before anything is saved.
  const gusCell = locked.cells.find((c) => c.code === gusEntry.code)?.cell ?? -1;
  const halCell = locked.cells.find((c) => c.code === halEntry.code)?.cell ?? -1;
  expect(gusCell).toBeGreaterThanOrEqual(0);
  const onGus = scoresOn(locked, gusCell);
  const score = again.getByRole('form', { name: 'Enter a score' });
  await expect(score.getByLabel('Period')).toHaveValue('q1');
  // A slip of the keyboard is named, not cut: 7000 stays 7000 with its problem.
  await score.getByLabel('Bulls score').fill('7000');
  await expect(score.getByLabel('Bulls score')).toHaveValue('7000');
  await expect(score.getByText('Enter a score from 0 to 999')).toBeVisible();
  await score.getByLabel('Bulls score').fill(String(onGus.a));
  await score.getByLabel(`${rivals} score`).fill(String(onGus.b));
  await score.getByRole('button', { name: 'Save score' }).click();
  const saving = page.getByRole('dialog', { name: 'Save 1st quarter?' });
  await expect(saving.getByRole('region', { name: 'Now' })).toContainText('Not scored yet');
  await expect(saving.getByRole('region', { name: 'After saving' })).toContainText(gusEntry.code);
  await saving.getByRole('button', { name: 'Save score' }).click();
  await expect(page.getByRole('status').getByText('Score saved')).toBeVisible();
  const winners = again.getByRole('region', { name: 'Winners by period' });
  const q1 = winners.locator('tr[data-period="q1"]');
  await expect(q1).toContainText(`${gusEntry.code} Gus`);

  // Correct it to Hal's cell: the form comes prefilled, and the preview shows the old and the new winner.
  await score.getByLabel('Period').selectOption('q1');
  await expect(score.getByLabel('Bulls score')).toHaveValue(String(onGus.a));
  await expect(score.getByLabel(`${rivals} score`)).toHaveValue(String(onGus.b));
  const onHal = scoresOn(locked, halCell);
  await score.getByLabel('Bulls score').fill(String(onHal.a));
  await score.getByLabel(`${rivals} score`).fill(String(onHal.b));
  await score.getByRole('button', { name: 'Correct score' }).click();
  const correcting = page.getByRole('dialog', { name: 'Correct 1st quarter?' });
  const now = correcting.getByRole('region', { name: 'Now' });
  const after = correcting.getByRole('region', { name: 'After saving' });
  await expect(now).toContainText(gusEntry.code);
  await expect(now).toContainText(`${onGus.a}–${onGus.b}`);
  await expect(after).toContainText(halEntry.code);
  await expect(after).toContainText(`${onHal.a}–${onHal.b}`);
  await expect(correcting).toContainText(`The winner changes from ${gusEntry.code} to ${halEntry.code}.`);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, info, 'correction-preview');
  // Back changes nothing; Save saves what was shown.
  await correcting.getByRole('button', { name: 'Back' }).click();
  await expect(q1).toContainText(`${gusEntry.code} Gus`);
  await score.getByRole('button', { name: 'Correct score' }).click();
  await correcting.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByRole('status').getByText('Score corrected')).toBeVisible();
  await expect(q1).toContainText(`${halEntry.code} Hal`);
  await expectNoSidewaysScroll(page);

  // The entries CSV says the same: the board, each entry's state, the fan's US state and its wins, after the spec's
  // columns.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'KPIs' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const [header = [], ...rows] = parseCsv(await readFile((await download.path()) as string, 'utf8'));
  expect(header).toEqual([...gameEntriesCsvColumns]);
  expect(header.slice(-4)).toEqual(['Board', 'State', 'US State', 'Wins']);
  const at = (name: (typeof gameEntriesCsvColumns)[number]) => gameEntriesCsvColumns.indexOf(name);
  const mine = rows.filter((f) => f[at('Board')] === slug);
  const byCode = (code: string) => mine.find((f) => f[at('Generated Code')] === code);
  // Where each entry's money stands, then the fan's US state beside it, as the entries list has it.
  const usState = (e: AdminEntry) => e.state || 'Not specified';
  expect(byCode(gusEntry.code)?.slice(-4)).toEqual([slug, 'collected', usState(gusEntry), '']);
  expect(byCode(halEntry.code)?.slice(-4)).toEqual([slug, 'pledged', usState(halEntry), '1st quarter $50']);

  // The KPI page's per-board row reads raised, prizes and kept, above a totals row.
  const perBoard = page.getByRole('region', { name: 'Entries per board', exact: true });
  const heads = await perBoard.getByRole('columnheader').allTextContents();
  expect(heads.slice(0, 7)).toEqual(['Board', 'Status', 'Entries', 'Amount', 'Raised', 'Prizes', 'Kept']);
  const cells = await perBoard
    .getByRole('row', { name: new RegExp(slug) })
    .getByRole('cell')
    .allTextContents();
  // Amount: $5 + $10 pledged; raised: Gus's $5 collected; prizes: the 1st quarter's $50, owed to Hal; kept: the rest.
  expect(cells.slice(1, 7)).toEqual(['locked', '2', '$15', '$5', '$50', formatCents(-4500)]);
  await expect(perBoard.getByRole('row', { name: /^All boards/ })).toBeVisible();
  await shoot(page, info, 'kpi-per-board');
});

test('cancelling cleans up: the paid entry refunded, the pledge off the to-collect list, the fan told, the board over', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(150_000);
  const slug = slugFor(info, `cleanup${info.repeatEachIndex || ''}`);
  const phone = isPhone(page) ? '+12025550119' : '+12025550118';
  await enterAdmin(page, '/admin-boards');
  const origin = { origin: new URL(page.url()).origin };
  await createScheduledBoard(page, slug, `Pistons ${info.project.name}`, true);
  expect((await page.request.post(`/api/admin/boards/${slug}/open`, { headers: origin })).status()).toBe(200);
  // The organizer records a pledge taken in person.
  const pledge = await page.request.post('/api/admin/entries', {
    headers: origin,
    data: { boardSlug: slug, nickname: 'Ike', amountCents: 1000, state: 'OH', ageConfirmed: true },
  });
  expect(pledge.status(), await pledge.text()).toBe(201);
  const ike = (await pledge.json()) as AdminEntry;

  // A fan, in a browser of their own, enters with text consent and pays $5 on the test checkout.
  const fanContext = await browser.newContext(info.project.use);
  const fan = await fanContext.newPage();
  await fan.goto(`/boards/${slug}`);
  await fan.getByLabel('Phone number').fill(phone);
  await fan.getByLabel('Nickname').fill('Payer');
  await fan.getByRole('checkbox', { name: SMS_CONSENT_TEXT }).check();
  await acceptRules(fan);
  await fan.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(fan).toHaveURL(/\/checkout\/cs_local_/);
  await fan.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fan.getByLabel('Expiry (MM / YY)').fill('1230');
  await fan.getByLabel('CVC').fill('123');
  await fan.getByLabel('Name on card').fill('Test Fan');
  await fan.getByRole('button', { name: 'Pay $5.00' }).click();
  await expect(fan.getByRole('region', { name: 'Your payment' }).getByRole('status')).toContainText(
    'Payment received: your entry is confirmed.',
  );
  const payer = (await boardEntries(page, slug)).find((e) => e.nickname === 'Payer');
  expect(payer?.paymentState).toBe('paid');

  // Before: both wait in the entry list, the pledge with its Mark collected. (A reload: the screens learn of
  // the board made through the API.)
  await page.reload();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Entries' }).click();
  await page.getByLabel('Show entries of').selectOption(slug);
  const table = page.getByRole('region', { name: 'Entry list' });
  // By their cells: a row's buttons, which name the entry, go once the board is cancelled.
  const ikeRow = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Ike', exact: true }) });
  const payerRow = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Payer', exact: true }) });
  await expect(ikeRow).toContainText(ike.code);
  await expect(ikeRow).toContainText('Pledged');
  await expect(ikeRow.getByRole('button', { name: /^Mark collected/ })).toBeVisible();
  await expect(payerRow).toContainText('Paid');

  // Cancel, confirmed.
  const panel = await managePanel(page, slug);
  await panel.getByRole('button', { name: 'Cancel board' }).click();
  await page
    .getByRole('dialog', { name: `Cancel ${slug}?` })
    .getByRole('button', { name: 'Cancel the board' })
    .click();
  await expect(page.getByRole('status').getByText('Board cancelled')).toBeVisible();

  // After: the payment is refunded through the provider, the pledge is off the to-collect list.
  const after = await boardEntries(page, slug);
  expect(after.map((e) => [e.nickname, e.paymentState]).sort()).toEqual([
    ['Ike', 'cancelled'],
    ['Payer', 'refunded'],
  ]);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Entries' }).click();
  await page.getByLabel('Show entries of').selectOption(slug);
  await expect(payerRow).toContainText('Refunded');
  await expect(ikeRow).toContainText('Cancelled');
  await expect(ikeRow.getByRole('button', { name: /^Mark collected/ })).toHaveCount(0);
  await expect(table.getByRole('checkbox', { name: 'Select every pledge shown' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, info, 'cancelled-entries');

  // The KPI page's row for the board: nothing raised, the $5 refunded, both entries out of the count.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'KPIs' }).click();
  const perBoard = page.getByRole('region', { name: 'Entries per board', exact: true });
  const boardRow = perBoard.getByRole('row', { name: new RegExp(slug) });
  await expect(boardRow).toBeVisible();
  const heads = await perBoard.getByRole('columnheader').allTextContents();
  const cells = await boardRow.getByRole('cell').allTextContents();
  const cell = (name: string) => cells[heads.indexOf(name)];
  expect([cell('Status'), cell('Entries'), cell('Raised'), cell('Cancelled'), cell('Refunded')]).toEqual([
    'cancelled',
    '0',
    '$0',
    '2',
    '$5',
  ]);

  // The fan is told by text what the cancel means for their entry, and the board says it is over instead of
  // offering its form.
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/texts');
      const { texts } = (await res.json()) as { texts: Array<{ to: string; body: string }> };
      return texts.find((t) => t.to === phone)?.body ?? '';
    })
    .toContain('This board was cancelled by its organizer. Your $5 payment is refunded in full through checkout.');
  await fan.goto(`/boards/${slug}`);
  const over = fan.getByRole('region', { name: 'This board was cancelled' });
  await expect(over).toContainText('Paid entries are refunded in full. Pledges made on it are not collected.');
  await expect(fan.getByLabel('Phone number')).toHaveCount(0);
  await expectNoSeriousA11yViolations(fan);
  await expectNoSidewaysScroll(fan);
  await shoot(fan, info, 'cancelled-board');
  await fanContext.close();
});
