import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { gameEntriesCsvColumns, loginAttemptsCsvColumns } from '../../src/shared/contracts/admin';
import type { BoardView } from '../../src/shared/contracts/boards';
import { cellIndex, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { scoreMessages } from '../../src/shared/domain/score-limits';
import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn, test } from './fixtures';

/**
 * Admin journeys: through the server-checked gate to every admin screen; a board created, filled,
 * locked, scored and corrected with its winners; entries added, marked collected and deleted (freeing
 * their cells); both CSV exports downloaded and read back; the audit log of it all.
 */

async function enterAdmin(page: Page, path = '/admin-kpi') {
  await page.goto(path);
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
}

/** A board slug of this project's own, so the desktop and phone runs never touch each other's boards. */
const slugFor = (info: TestInfo, name: string) => `${name}-${info.project.name}`;

/** 'YYYY-MM-DDTHH:mm' in local time, as a datetime-local input takes it. */
function localInput(date: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Creates an open board (a new game starting in 30 minutes) through the API, with the admin session. */
async function createBoardByApi(page: Page, slug: string, teamB: string) {
  const res = await page.request.post('/api/admin/boards', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      slug,
      game: {
        league: 'NBA',
        teamA: 'Hawks',
        teamB,
        startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        venue: 'State Farm Arena',
      },
      format: '1v99',
      entryRule: { kind: 'presets-or-custom', presetsCents: [100, 500, 1000, 2000], minCents: 100 },
      prizeTable: nbaFinalsPrizes,
      organization: 'Hawks Foundation',
      mode: 'sweepstakes',
      paymentRequired: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function publicBoard(page: Page, slug: string): Promise<BoardView> {
  const res = await page.request.get(`/api/boards/${slug}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as BoardView;
}

async function addEntry(
  page: Page,
  board: string,
  fields: { nickname: string; amount?: string; teamSupport?: string },
) {
  const form = page.getByRole('form', { name: 'Add an entry' });
  await form.getByLabel('Game board (team)').selectOption(board);
  await form.getByLabel('Nickname').fill(fields.nickname);
  // The entrant's eligibility, as on a fan's entry: the state this sweepstakes asks for, and the age tick.
  await form.getByLabel('State', { exact: true }).selectOption('OH');
  await form.getByRole('checkbox', { name: /^The entrant is 18 or older/ }).check();
  if (fields.amount) await form.getByLabel('Support amount in dollars').fill(fields.amount);
  if (fields.teamSupport) await form.getByLabel('Team support (optional)').fill(fields.teamSupport);
  await form.getByRole('button', { name: 'Add Entry' }).click();
  await expect(page.getByRole('status').getByText('Entry added successfully')).toBeVisible();
}

test('every admin screen sits behind the gate, and the admin menu reaches each one', async ({ page }) => {
  for (const path of ['/admin-kpi', '/admin-logins', '/admin-entries', '/admin-boards']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Admin access' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  }
  // The API refuses too, whatever the browser shows.
  expect((await page.request.get('/api/admin/kpis')).status()).toBe(401);
  expect((await page.request.get('/api/admin/exports/game-entries.csv')).status()).toBe(401);

  await enterAdmin(page, '/admin-boards');
  const menu = page.getByRole('navigation', { name: 'Admin' });
  for (const [link, heading] of [
    ['KPIs', 'Admin KPIs'],
    ['Login attempts', 'Login attempts'],
    ['Entries', 'Entry manager'],
    ['Boards', 'Board operations'],
  ] as const) {
    await menu.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(menu.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  }

  await page.getByRole('button', { name: 'Leave admin' }).click();
  await expect(page.getByLabel('Passcode')).toBeVisible();
  expect((await page.request.get('/api/admin/kpis')).status()).toBe(401);
});

test('the gate and the entry form work from the keyboard alone', async ({ page }, info) => {
  const slug = slugFor(info, 'keys');
  await page.goto('/admin-entries');
  // The passcode field has focus; Enter submits each step.
  await expect(page.getByLabel('Passcode')).toBeFocused();
  await page.keyboard.type('fangrid1');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Second password')).toBeFocused();
  await page.keyboard.type('game day');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Entry manager' })).toBeVisible();
  await createBoardByApi(page, slug, `Suns ${info.project.name}`);
  await page.reload();

  const form = page.getByRole('form', { name: 'Add an entry' });
  await form.getByLabel('Game board (team)').focus();
  await form.getByLabel('Game board (team)').selectOption(slug);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Nickname')).toBeFocused();
  await page.keyboard.type('Kay');
  // The entrant's state, chosen by typing its name in the select.
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('State', { exact: true })).toBeFocused();
  await page.keyboard.type('Ohio');
  await expect(form.getByLabel('State', { exact: true })).toHaveValue('OH');
  // The board takes an amount: the next field.
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Support amount in dollars')).toBeFocused();
  await page.keyboard.type('5');
  // On through the optional fields to the age tick, ticked with Space; then the button.
  const age = form.getByRole('checkbox', { name: /^The entrant is 18 or older/ });
  for (let i = 0; i < 10 && !(await age.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(age).toBeFocused();
  await page.keyboard.press('Space');
  await expect(age).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Add Entry' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').getByText('Entry added successfully')).toBeVisible();

  // Delete from the keyboard: the confirmation traps focus, Escape keeps the entry.
  await page.getByLabel('Show entries of').selectOption(slug);
  const remove = page.getByRole('button', { name: 'Delete entry Kay (KAY)' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete this entry?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();
});

test('board operations: create a board, fill it, lock it, score and correct a period, see the winners', async ({
  page,
}, info) => {
  // A long journey: each lock and score is confirmed or previewed before it is saved.
  test.setTimeout(120_000);
  const slug = slugFor(info, 'ops');
  await enterAdmin(page, '/admin-boards');

  await page.getByRole('button', { name: 'Create a board' }).click();
  const form = page.getByRole('form', { name: 'Create a board' });
  await form.getByRole('button', { name: 'Create board' }).click();
  await expect(form.getByRole('alert')).toHaveText('Some fields are missing or invalid.');
  await expect(form.getByText('Choose a game from the list')).toBeVisible();

  await form.getByLabel('A new game').check();
  await form.getByLabel('League').fill('NBA');
  await form.getByLabel('Venue', { exact: true }).fill('Madison Square Garden');
  await form.getByLabel('Team A (columns)').fill('Knicks');
  await form.getByLabel('Team B (rows)').fill(`Nets ${info.project.name}`);
  await form.getByLabel('Starts at (your local time)').fill(localInput(new Date(Date.now() + 30 * 60_000)));
  // The address is suggested from the teams.
  await expect(form.getByLabel('Board address')).toHaveValue(`knicks-nets-${info.project.name}`);
  await form.getByLabel('Board address').fill(slug);
  await form.getByLabel('Organization').fill('Knicks Youth League');
  await form.getByLabel('Entry rule').selectOption('range');
  await form.getByLabel('Lowest amount ($)').fill('30');
  await form.getByLabel('Highest amount ($)').fill('20');
  await form.getByRole('button', { name: 'Create board' }).click();
  await expect(form.getByText('The lowest amount must not be above the highest')).toBeVisible();
  await form.getByLabel('Lowest amount ($)').fill('1');
  await expect(form.getByLabel('Template')).toHaveValue('basketball');
  await expect(form.getByLabel('Period 1')).toHaveValue('1st quarter');
  await form.getByLabel('Prize 1 ($)').fill('60');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Create board' }).click();
  await expect(page.getByRole('status').getByText('Board created')).toBeVisible();

  const panel = page.getByRole('region', { name: `Manage ${slug}` });
  await expect(panel.getByText('Open', { exact: true })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Winners by period' })).toContainText('$60');

  // The same address again is refused by the server, on the field.
  await page.getByRole('button', { name: 'Create a board' }).click();
  await form.getByLabel('A game on record').check();
  const game = form.getByLabel('Game', { exact: true });
  const gameId = await game.locator('option', { hasText: `Knicks vs Nets ${info.project.name}` }).getAttribute('value');
  await game.selectOption(gameId ?? '');
  await form.getByLabel('Board address').fill(slug);
  await form.getByLabel('Organization').fill('Knicks Youth League');
  await form.getByRole('button', { name: 'Create board' }).click();
  await expect(form.getByText('Already taken: choose another address')).toBeVisible();
  await page.getByRole('button', { name: 'Close the form' }).click();

  // Two entries from the entry manager.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Entries' }).click();
  await addEntry(page, slug, { nickname: 'Annie', amount: '5' });
  await addEntry(page, slug, { nickname: 'Bo', amount: '20' });
  const before = await publicBoard(page, slug);
  expect(before.entryCount).toBe(2);

  // Lock it early: the draw is revealed and the digits are on the public board.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Boards' }).click();
  await page.getByRole('button', { name: `Manage ${slug}` }).click();
  await expect(panel.getByText('Scores are entered once the board is locked')).toBeVisible();
  await panel.getByRole('button', { name: 'Lock now' }).click();
  await page
    .getByRole('dialog', { name: `Lock ${slug} now?` })
    .getByRole('button', { name: 'Lock the board' })
    .click();
  await expect(page.getByRole('status').getByText('Board locked')).toBeVisible();
  await expect(panel.getByText('Locked', { exact: true })).toBeVisible();
  const locked = await publicBoard(page, slug);
  expect(locked.axes.drawn).toBe(true);

  // Scores that land on Annie's cell: the digits of her column and row.
  const annie = locked.cells.find((c) => c.code === 'ANE');
  expect(annie, JSON.stringify(locked.cells)).toBeDefined();
  const cell = annie?.cell ?? 0;
  const teamA = 100 + (locked.axes.columns[cell % 10] ?? 0);
  const teamB = 90 + (locked.axes.rows[Math.floor(cell / 10)] ?? 0);
  expect(cellIndex(Math.floor(cell / 10), cell % 10)).toBe(cell);

  const score = panel.getByRole('form', { name: 'Enter a score' });
  await expect(score.getByLabel('Period')).toHaveValue('q1');
  await score.getByLabel('Knicks score').fill('abc');
  await score.getByRole('button', { name: 'Save score' }).click();
  await expect(score.getByText(scoreMessages.whole)).toBeVisible();
  await expect(score.getByText(scoreMessages.range(999))).toBeVisible();
  await score.getByLabel('Knicks score').fill(String(teamA));
  await score.getByLabel(`Nets ${info.project.name} score`).fill(String(teamB));
  await score.getByRole('button', { name: 'Save score' }).click();
  // Nothing is saved before the winner is shown.
  const check = page.getByRole('dialog', { name: 'Save 1st quarter?' });
  await expect(check.getByRole('region', { name: 'After saving' })).toContainText('ANE');
  await check.getByRole('button', { name: 'Save score' }).click();
  await expect(page.getByRole('status').getByText('Score saved')).toBeVisible();
  const winners = panel.getByRole('region', { name: 'Winners by period' });
  const q1 = winners.getByRole('row', { name: /1st quarter/ });
  await expect(q1).toContainText(`${teamA}–${teamB}`);
  await expect(q1).toContainText('ANE Annie');
  await expect(q1).toContainText('$60');
  // The form moves on to the next period.
  await expect(score.getByLabel('Period')).toHaveValue('q2');
  await expectNoSeriousA11yViolations(page);

  // Correct Q1 to a score on another cell: the winner is recomputed.
  await score.getByLabel('Period').selectOption('q1');
  await expect(score.getByText('saving again corrects it')).toBeVisible();
  const otherColumn = locked.axes.columns[((cell % 10) + 1) % 10] ?? 0;
  await score.getByLabel('Knicks score').fill(String(100 + otherColumn));
  await score.getByLabel(`Nets ${info.project.name} score`).fill(String(teamB));
  await score.getByRole('button', { name: 'Correct score' }).click();
  const correcting = page.getByRole('dialog', { name: 'Correct 1st quarter?' });
  await expect(correcting.getByRole('region', { name: 'Now' })).toContainText('ANE');
  await correcting.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByRole('status').getByText('Score corrected')).toBeVisible();
  await expect(q1).toContainText(`${100 + otherColumn}–${teamB}`);
  await expect(q1).not.toContainText('Annie');
  const corrected = await publicBoard(page, slug);
  expect(corrected.results.find((r) => r.period === 'q1')?.code).not.toBe('ANE');

  // Entries of a locked board stay as drawn: no delete button.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Entries' }).click();
  await page.getByLabel('Show entries of').selectOption(slug);
  await expect(page.getByRole('row', { name: /Annie/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete entry/ })).toHaveCount(0);

  // A scored board is no longer cancelled: voiding asks why first, and keeps its scored prizes.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Boards' }).click();
  await page.getByRole('button', { name: `Manage ${slug}` }).click();
  await expect(panel.getByRole('button', { name: 'Cancel board' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Void board' }).click();
  const confirm = page.getByRole('dialog', { name: `Void ${slug}?` });
  await confirm.getByRole('button', { name: 'Keep the board' }).click();
  await expect(panel.getByText('Locked', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Void board' }).click();
  await confirm.getByLabel('Why is the board voided?').fill('The arena lost power at halftime.');
  await confirm.getByRole('button', { name: 'Void the board' }).click();
  await expect(page.getByRole('status').getByText('Board voided')).toBeVisible();
  await expect(
    panel.getByText('A voided board awards nothing more: the prizes of its scored periods stand.'),
  ).toBeVisible();

  // Every change is in the audit log on the KPI page, newest first.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'KPIs' }).click();
  const audit = page.getByRole('region', { name: 'Admin changes' });
  for (const action of ['board.create', 'entry.add', 'board.lock', 'board.score', 'board.void']) {
    await expect(audit.getByRole('row').filter({ hasText: slug }).filter({ hasText: action }).first()).toBeVisible();
  }
  await expect(audit.getByRole('row').filter({ hasText: slug }).filter({ hasText: 'board.score' })).toHaveCount(2);
});

test('entry manager: required fields, add, mark a pledge collected, delete frees the cell; KPIs count it', async ({
  page,
}, info) => {
  const slug = slugFor(info, 'entries');
  await enterAdmin(page, '/admin-entries');
  await createBoardByApi(page, slug, `Heat ${info.project.name}`);
  await page.reload();

  // A board and a nickname are required; nothing is sent without them.
  const form = page.getByRole('form', { name: 'Add an entry' });
  await form.getByRole('button', { name: 'Add Entry' }).click();
  await expect(form.getByRole('alert')).toHaveText('Team name and nickname are required');
  await form.getByLabel('Game board (team)').selectOption(slug);
  await form.getByRole('button', { name: 'Add Entry' }).click();
  await expect(form.getByText('Nickname is required')).toBeVisible();
  // An amount outside the board's rule is refused on the field, with the message a fan gets.
  await form.getByLabel('Nickname').fill('Cal');
  await form.getByLabel('Support amount in dollars').fill('0.50');
  await form.getByRole('button', { name: 'Add Entry' }).click();
  await expect(form.getByText('Enter an amount of at least $1.').first()).toBeVisible();

  await page.getByLabel('Show entries of').selectOption(slug);
  await expect(page.getByText('No entries found')).toBeVisible();

  await addEntry(page, slug, { nickname: 'Cal', amount: '10' });
  await addEntry(page, slug, { nickname: 'Dee', amount: '5' });
  const table = page.getByRole('region', { name: 'Entry list' });
  const cal = table.getByRole('row', { name: /Cal/ });
  const dee = table.getByRole('row', { name: /Dee/ });
  await expect(cal).toContainText('Pledged');
  await expect(cal).toContainText('$10');
  expect((await publicBoard(page, slug)).entryCount).toBe(2);
  await expectNoSeriousA11yViolations(page);

  await cal.getByRole('button', { name: /^Mark collected/ }).click();
  await expect(page.getByRole('status').getByText('Pledge marked collected')).toBeVisible();
  await expect(cal).toContainText('Collected');
  await expect(cal.getByRole('button', { name: /^Mark collected/ })).toHaveCount(0);

  // Delete asks first; keeping it changes nothing.
  await dee.getByRole('button', { name: /^Delete entry/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this entry?' });
  await expect(confirm).toContainText(`Dee (DEE) on ${slug}`);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(dee).toBeVisible();
  await dee.getByRole('button', { name: /^Delete entry/ }).click();
  await confirm.getByRole('button', { name: 'Delete entry' }).click();
  await expect(page.getByRole('status').getByText('Entry deleted successfully')).toBeVisible();
  await expect(dee).toHaveCount(0);
  const board = await publicBoard(page, slug);
  expect(board.entryCount).toBe(1);
  expect(board.cells.map((c) => c.code)).toEqual(['CAL']);

  // The KPI page counts what is left: Cal's $10, collected.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'KPIs' }).click();
  const perBoard = page.getByRole('region', { name: 'Entries per board', exact: true });
  await expect(perBoard.getByRole('row', { name: new RegExp(slug) })).toContainText('$10');
  await expect(page.getByRole('img', { name: /^Entries per day:/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('both CSV exports download with the spec columns; formula-like cells are neutralised', async ({ page }, info) => {
  const slug = slugFor(info, 'csv');
  const email = `csv-${info.project.name}@example.com`;
  // A failed sign-in is a login attempt on record.
  await signIn(page, email, 'not-the-password');
  await expect(page.getByText('Login Failed')).toBeVisible();

  await enterAdmin(page, '/admin-entries');
  await createBoardByApi(page, slug, `Magic ${info.project.name}`);
  await page.reload();
  await addEntry(page, slug, { nickname: 'Eve', amount: '1', teamSupport: '=HYPERLINK("http://x.test","go")' });

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'KPIs' }).click();
  const today = new Date().toISOString().slice(0, 10);
  const [entriesCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(entriesCsv.suggestedFilename()).toBe(`game_entries_${today}.csv`);
  const entries = await readFile((await entriesCsv.path()) as string, 'utf8');
  const [header, ...rows] = entries
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(header).toBe(gameEntriesCsvColumns.map((c) => `"${c}"`).join(','));
  const eve = rows.find((r) => r.includes('"Eve"'));
  expect(eve, entries).toBeDefined();
  expect(eve).toContain(`"'=HYPERLINK(""http://x.test"",""go"")"`);
  expect(eve).toContain('"Hawks vs Magic');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Login attempts' }).click();
  const attempts = page.getByRole('region', { name: 'Login attempts', exact: true });
  // A failed sign-in reads 'Failed'; the CSV keeps the recorded status.
  const failedRow = attempts.getByRole('row', { name: new RegExp(email) }).first();
  await expect(failedRow).toContainText('Failed');
  // The address the screen shows is in the CSV's IP column.
  const shownIp = ((await failedRow.getByRole('cell').last().textContent()) ?? '').trim();
  expect(shownIp).toMatch(/^[0-9a-f.:]+$/);
  const [attemptsCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(attemptsCsv.suggestedFilename()).toBe(`login_attempts_${today}.csv`);
  const csv = await readFile((await attemptsCsv.path()) as string, 'utf8');
  const [attemptsHeader, ...attemptRows] = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(attemptsHeader).toBe(loginAttemptsCsvColumns.map((c) => `"${c}"`).join(','));
  expect(attemptRows.some((r) => r.includes(`"${email}"`) && r.includes('"attempted"'))).toBe(true);
  expect(attemptRows.some((r) => r.includes(`"${email}"`) && r.endsWith(`,"${shownIp}"`))).toBe(true);
});

test('login attempts: loading and empty states, refresh picks up new attempts', async ({ page }, info) => {
  await enterAdmin(page, '/admin-logins');
  await expect(page.getByRole('heading', { level: 1, name: 'Login attempts' })).toBeVisible();

  // The list as the server would send it with no attempts on record, held back a moment.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/login-attempts', async (route) => {
    await held;
    await route.fulfill({ json: { attempts: [], total: 0 } });
  });
  await page.reload();
  await expect(page.getByText('Loading login attempts...')).toBeVisible();
  release();
  await expect(page.getByText('No login attempts found')).toBeVisible();
  await page.unroute('**/api/admin/login-attempts');

  const email = `refresh-${info.project.name}@example.com`;
  const other = await page.context().browser()?.newPage();
  if (!other) throw new Error('no browser');
  await signIn(other, email, 'not-the-password', page.url().replace('/admin-logins', '/login'));
  await expect(other.getByText('Login Failed')).toBeVisible();
  await other.close();

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(
    page.getByRole('region', { name: 'Login attempts', exact: true }).getByRole('row', { name: new RegExp(email) }),
  ).toContainText('Failed');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // When the admin session ends elsewhere (another tab, the idle limit), the next call returns to the gate.
  const left = await page.request.post('/api/admin-gate/sign-out', {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(left.ok()).toBe(true);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByLabel('Passcode')).toBeVisible();
});
