import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { EntryCreated } from '../../src/shared/contracts/board-responses';
import type { BoardView } from '../../src/shared/contracts/boards';
import { cellPosition, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { localEntriesKey } from '../../src/shared/domain/local-fan-keys';
import { acceptRules, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, test } from './fixtures';

/**
 * What the fan sees is what the server has: a cancelled checkout leaves no 'Your code' cell and reads Not
 * paid, /entered follows all of the fan's boards on one stream, and a locked board shows no entry form.
 */

/** A board slug of this project's own, so the desktop and phone runs never touch each other's boards. */
const slugFor = (info: TestInfo, name: string) => `truth-${name}-${info.project.name}`;
/** A phone of this project's own, in the 555-01XX range under a real area code. */
const phoneFor = (info: TestInfo, n: number) =>
  `+1202555${String(140 + n * 2 + (info.project.name === 'phone' ? 1 : 0)).padStart(4, '0')}`;

/** The admin gate, passed through the API on its own request context (not the fan's browser). */
async function admin(request: APIRequestContext, info: TestInfo) {
  const origin = { origin: String(info.project.use.baseURL) };
  expect(
    (await request.post('/api/admin-gate/passcode', { data: { passcode: 'fangrid1' }, headers: origin })).status(),
  ).toBe(200);
  expect(
    (await request.post('/api/admin-gate/phrase', { data: { phrase: 'game day' }, headers: origin })).status(),
  ).toBe(200);
  return {
    post: async (path: string, data?: object) => {
      const res = await request.post(path, { headers: origin, ...(data ? { data } : {}) });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return res;
    },
    enter: async (slug: string, phone: string, nickname: string) => {
      const res = await request.post(`/api/boards/${slug}/entries`, {
        headers: origin,
        data: {
          phone,
          nickname,
          amountCents: 500,
          ageConfirmed: true,
          rulesAccepted: true,
          state: 'CA',
          idempotencyKey: `${slug}-${nickname}`,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).entry as EntryCreated;
    },
  };
}
type Admin = Awaited<ReturnType<typeof admin>>;

/** An open sweepstakes board ($5-$20; paid at checkout with `paid`) whose game starts in `minutes`. */
const createOpenBoard = (a: Admin, slug: string, minutes: number, paid = false) =>
  a.post('/api/admin/boards', {
    slug,
    game: {
      league: 'NBA',
      teamA: 'Bulls',
      teamB: 'Nets',
      startsAt: new Date(Date.now() + minutes * 60_000).toISOString(),
      venue: 'United Center',
    },
    format: '1v99',
    entryRule: { kind: 'whole-range', minCents: 500, maxCents: 2000, defaultCents: 500, quickPicksCents: [500] },
    prizeTable: nbaFinalsPrizes,
    organization: 'Bulls Charities',
    mode: 'sweepstakes',
    paymentRequired: paid,
  });

const yourCodeCells = (page: Page) => page.locator('[data-mine]');

test('a cancelled checkout leaves no Your code cell and reads Not paid, after a reload and after the lock', async ({
  page,
  request,
}, info) => {
  const slug = slugFor(info, 'cancel');
  const a = await admin(request, info);
  await createOpenBoard(a, slug, 40, true);
  // Someone else's paid entry, so the board is not cancelled (unfilled) at its lock.
  const other = await a.enter(slug, phoneFor(info, 9), 'Other');
  const otherSession = (other.checkoutUrl ?? '').split('/checkout/')[1] ?? '';
  await a.post(`/api/payments/local/${otherSession}/pay`, { number: '4242424242424242', expiry: '12/30', cvc: '123' });

  await page.goto(`/boards/${slug}`);
  await page.getByLabel('Phone number').fill(phoneFor(info, 0));
  await page.getByLabel('Nickname').fill('Worthy');
  await acceptRules(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
  await page.getByRole('button', { name: 'Cancel and return to FanGrid' }).click();
  await expect(page).toHaveURL(`/boards/${slug}`);

  const unpaid = page.getByRole('region', { name: 'Checkout cancelled' });
  await expect(unpaid).toContainText('Not paid: the checkout was cancelled or expired before payment.');
  await expect(yourCodeCells(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(unpaid).toContainText('Nothing was charged');
  await expect(yourCodeCells(page)).toHaveCount(0);

  await page.goto('/entered');
  const item = page.locator('li[data-ticket]');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Not paid');
  await expect(item.getByTestId('entry-payment-note')).toContainText('checkout was cancelled or expired');
  await expect(item).not.toContainText(/Pending|In Progress/);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);

  // The board locks: still no Your code cell, and the entry is still Not paid.
  await a.post(`/api/admin/boards/${slug}/lock`);
  await page.reload();
  await expect(item).toContainText('Not paid');
  await expect(item).not.toContainText(/Pending|In Progress/);
  await page.goto(`/boards/${slug}`);
  await expect(page.getByTestId('board-status')).toHaveText('locked');
  await expect(yourCodeCells(page)).toHaveCount(0);
});

test('/entered follows five boards on one event stream and shows a prize won on the fifth without a reload', async ({
  page,
  request,
}, info) => {
  const a = await admin(request, info);
  const slugs = [1, 2, 3, 4, 5].map((n) => slugFor(info, `five-${n}`));
  const mine: EntryCreated[] = [];
  for (const [i, slug] of slugs.entries()) {
    // The fifth board's game starts last, so it is the one a three-board cap would have left out.
    await createOpenBoard(a, slug, 30 + i);
    mine.push(await a.enter(slug, phoneFor(info, 1), `Five${i}`));
  }
  // The fan's browser remembers its entries as the entry form does.
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    localEntriesKey,
    JSON.stringify(mine.map((e) => ({ ...e, enteredAt: new Date().toISOString() }))),
  ] as const);
  const streams: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/live/boards' || path.endsWith('/events')) streams.push(r.url());
  });
  const streaming = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live/boards');
  await page.goto('/entered');
  await expect(page.locator('li[data-ticket]')).toHaveCount(5);
  expect((await streaming).status()).toBe(200);
  await expectNoSeriousA11yViolations(page);

  // The fifth board locks and its first quarter is won by the fan's cell.
  const fifth = slugs[4] as string;
  const entry = mine[4] as EntryCreated;
  await a.post(`/api/admin/boards/${fifth}/lock`);
  const board = (await (await request.get(`/api/boards/${fifth}`)).json()) as BoardView;
  const { row, column } = cellPosition(entry.cells[0] ?? 0);
  await a.post(`/api/admin/boards/${fifth}/scores`, {
    period: 'q1',
    teamAScore: 20 + (board.axes.columns[column] ?? 0),
    teamBScore: 20 + (board.axes.rows[row] ?? 0),
  });
  const won = page.locator(`li[data-ticket="${entry.ticketNumber}"]`);
  await expect(won.getByRole('list', { name: 'Prizes won' })).toContainText('Won');
  await expect(won).toContainText('In Progress');
  // One stream for all five boards, and no board's own stream.
  expect(streams).toHaveLength(1);
  expect(new URL(streams[0] as string).searchParams.get('boards')?.split(',').sort()).toEqual([...slugs].sort());
});

test('a locked board shows Entries are closed where the form was, with no form or free-entry button', async ({
  page,
  request,
}, info) => {
  const slug = slugFor(info, 'locked');
  const a = await admin(request, info);
  await createOpenBoard(a, slug, 40);
  await a.enter(slug, phoneFor(info, 2), 'Early');
  await page.goto(`/boards/${slug}`);
  await expect(page.getByRole('button', { name: 'No purchase necessary: enter for free' })).toBeVisible();
  await a.post(`/api/admin/boards/${slug}/lock`);
  // Live, then after a reload.
  for (const step of ['live', 'reload']) {
    if (step === 'reload') await page.reload();
    const closed = page.getByRole('region', { name: 'Entries are closed' });
    await expect(closed).toBeVisible();
    await expect(closed).toContainText('This board was locked by the organizer and takes no more entries.');
    await expect(page.getByLabel('Phone number')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Submit Entry|Continue to payment/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'No purchase necessary: enter for free' })).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
});
