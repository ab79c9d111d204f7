import { readFile } from 'node:fs/promises';
import type { Browser, Page, TestInfo } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  fanPassword,
  followEmailLink,
  isPhone,
  openEmail,
  signUp,
  test,
  watchLayoutShift,
} from './fixtures';

/** The phone project checks each screen at 390x844, the narrowest phone the screens are made for. */
async function phoneSized(page: Page) {
  if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
}

type Shift = Awaited<ReturnType<typeof watchLayoutShift>>;

/** Axe, no sideways scroll, and (given the page's shift watch) nothing moved as its content arrived. */
async function checkScreen(page: Page, shift?: Shift) {
  if (shift) expect(await shift.total(), `layout shift on ${new URL(page.url()).pathname}`).toBeLessThan(0.05);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
}

/** 'YYYY-MM-DDTHH:mm' in local time, as a datetime-local input takes it. */
function localInput(date: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A second browser (its own cookies) with the project's device, collecting console errors. */
async function secondBrowser(browser: Browser, info: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use;
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const expected = /Failed to load resource: the server responded with a status of (400|401|403|409|410)\b/;
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !expected.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return { context, page, problems };
}

test('an owner runs a board from the organization; a viewer sees it, cannot lock it, and downloads the entries', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const tag = `${info.project.name}-${Date.now()}`;
  const owner = { name: 'Olive Owner', phone: '+12025550151', email: `oc-owner-${tag}@example.com` };
  const viewer = { name: 'Val Viewer', phone: '+12025550152', email: `oc-viewer-${tag}@example.com` };
  const orgName = `Console Boosters ${tag}`;
  const org = `console-${tag}`;
  const board = `oc-${tag}`;
  const teamB = `Nets ${info.project.name}`;
  await phoneSized(page);
  // Counted from each full load of a screen.
  const shift = await watchLayoutShift(page);

  // The owner signs up and creates the organization.
  await signUp(page, owner);
  await page.goto('/orgs/new');
  await page.getByLabel('Name').fill(orgName);
  await page.getByLabel('Address').fill(org);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(`/orgs/${org}`);

  // The overview leads to the organization's boards.
  await page.getByRole('navigation', { name: 'Board operations' }).getByRole('link', { name: 'Boards' }).click();
  await expect(page).toHaveURL(`/orgs/${org}/boards`);
  await expect(page.getByRole('heading', { level: 1, name: 'Boards' })).toBeVisible();
  await expect(page.getByText('No boards yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No boards yet.')).toBeVisible();
  await checkScreen(page, shift);

  // Create a board: the organization is the path's, so the form has no Organization field.
  await page.getByRole('button', { name: 'Create a board' }).click();
  const form = page.getByRole('form', { name: 'Create a board' });
  await expect(form.getByLabel('Organization', { exact: true })).toHaveCount(0);
  await form.getByLabel('A new game').check();
  await form.getByLabel('League').fill('NBA');
  await form.getByLabel('Venue', { exact: true }).fill('Madison Square Garden');
  await form.getByLabel('Team A (columns)').fill('Knicks');
  await form.getByLabel('Team B (rows)').fill(teamB);
  await form.getByLabel('Starts at (your local time)').fill(localInput(new Date(Date.now() + 30 * 60_000)));
  await form.getByLabel('Board address').fill(board);
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Create board' }).click();
  await expect(page.getByRole('status').getByText('Board created')).toBeVisible();

  // It opens on its own screen; the list links to it too.
  await expect(page).toHaveURL(`/orgs/${org}/boards/${board}`);
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Boards', exact: true }).click();
  await page.getByRole('link', { name: `Open ${board}` }).click();
  await expect(page).toHaveURL(`/orgs/${org}/boards/${board}`);
  await expect(page.getByRole('button', { name: 'Lock now' })).toBeVisible();
  // A fresh load of the board's screen holds still as its code and data arrive.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Lock now' })).toBeVisible();
  await checkScreen(page, shift);

  // An entry, from the organization's entries screen (a board nobody entered is cancelled at lock).
  await page.goto(`/orgs/${org}/entries`);
  const add = page.getByRole('form', { name: 'Add an entry' });
  await add.getByLabel('Game board (team)').selectOption(board);
  await add.getByLabel('Nickname').fill('Annie');
  await add.getByLabel('State', { exact: true }).selectOption('OH');
  await add.getByRole('checkbox', { name: /^The entrant is 18 or older/ }).check();
  await add.getByLabel('Support amount in dollars').fill('5');
  await add.getByRole('button', { name: 'Add Entry' }).click();
  await expect(page.getByRole('status').getByText('Entry added successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Entry list' })).toContainText('Annie');
  await checkScreen(page);

  // The owner invites a viewer.
  await page.goto(`/orgs/${org}`);
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await invitations.getByLabel('Email').fill(viewer.email);
  await invitations.getByLabel('Role').selectOption('viewer');
  await invitations.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.getByRole('listitem').filter({ hasText: viewer.email })).toContainText(
    'Waiting for an answer',
  );

  // The viewer, in a second browser: the emailed link, sign-up, then accepting.
  const second = await secondBrowser(browser, info);
  const p2 = second.page;
  await phoneSized(p2);
  const email = await openEmail(p2, `Join ${orgName} on FanGrid`, viewer.email);
  await email.getByRole('link').first().click();
  await expect(p2).toHaveURL(/\/invitations\/[\w-]+$/);
  await p2.getByRole('link', { name: 'Create an account' }).click();
  await p2.getByLabel('Full name').fill(viewer.name);
  await p2.getByLabel('Phone').fill(viewer.phone);
  await p2.getByLabel('Email').fill(viewer.email);
  await p2.getByLabel('Password').fill(fanPassword);
  await p2.getByRole('button', { name: 'Create Account' }).click();
  await expect(p2.getByText('Check your email!')).toBeVisible();
  await followEmailLink(p2, 'Confirm your FanGrid account', viewer.email);
  await p2.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(p2).toHaveURL(`/orgs/${org}`);
  await expect(p2.getByText('Your role:').first()).toContainText('Viewer');

  // The viewer sees the board, with none of its actions.
  await p2.getByRole('navigation', { name: 'Board operations' }).getByRole('link', { name: 'Boards' }).click();
  await expect(p2.getByRole('button', { name: 'Create a board' })).toHaveCount(0);
  await p2.getByRole('link', { name: `Open ${board}` }).click();
  await expect(p2.getByText('Open', { exact: true })).toBeVisible();
  await expect(p2.getByRole('region', { name: 'Winners by period' })).toBeVisible();
  await expect(p2.getByRole('button', { name: 'Lock now' })).toHaveCount(0);
  await expect(p2.getByRole('button', { name: 'Cancel board' })).toHaveCount(0);
  await checkScreen(p2);

  // The entries: the list and its CSV, but nothing to add or collect.
  await p2.goto(`/orgs/${org}/entries`);
  await expect(p2.getByRole('region', { name: 'Entry list' })).toContainText('Annie');
  await expect(p2.getByRole('form', { name: 'Add an entry' })).toHaveCount(0);
  await expect(p2.getByRole('button', { name: /Mark collected/ })).toHaveCount(0);
  await checkScreen(p2);
  const [download] = await Promise.all([
    p2.waitForEvent('download'),
    p2.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Annie');
  expect(lines[1]).toContain(`Knicks vs ${teamB}`);
  expect(second.problems, 'console errors in the second browser').toEqual([]);
  await second.context.close();

  // The owner locks the board and scores the first quarter.
  await page.goto(`/orgs/${org}/boards/${board}`);
  await page.getByRole('button', { name: 'Lock now' }).click();
  await page
    .getByRole('dialog', { name: `Lock ${board} now?` })
    .getByRole('button', { name: 'Lock the board' })
    .click();
  await expect(page.getByRole('status').getByText('Board locked')).toBeVisible();
  await expect(page.getByText('Locked', { exact: true })).toBeVisible();
  const score = page.getByRole('form', { name: 'Enter a score' });
  await expect(score.getByLabel('Period')).toHaveValue('q1');
  await score.getByLabel('Knicks score').fill('31');
  await score.getByLabel(`${teamB} score`).fill('27');
  await score.getByRole('button', { name: 'Save score' }).click();
  await page.getByRole('dialog', { name: 'Save 1st quarter?' }).getByRole('button', { name: 'Save score' }).click();
  await expect(page.getByRole('status').getByText('Score saved')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Winners by period' }).getByRole('row', { name: /1st quarter/ }),
  ).toContainText('31–27');
  await checkScreen(page);
});
