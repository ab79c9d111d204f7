import type { Page, TestInfo } from '@playwright/test';
import type { BoardView } from '../../src/shared/contracts/boards';
import { cellPosition, nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { SMS_CONSENT_TEXT } from '../../src/shared/domain/sms';
import { acceptRules, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, test } from './fixtures';

/**
 * The end of a board, as its winner and its organizer live it: the win is told by text with a claim link,
 * the winner proves the entry with a texted code and asks for a payment to their handle, the organizer marks
 * it paid from the payout ledger, and the winner's entries say Paid.
 */

/** A board of this project's own (created here), so the desktop and phone runs never share one. */
const slugFor = (info: TestInfo) => `prizes-journey-${info.project.name}`;

async function passAdminGate(page: Page) {
  const headers = { origin: new URL(page.url()).origin };
  expect(
    (await page.request.post('/api/admin-gate/passcode', { data: { passcode: 'fangrid1' }, headers })).status(),
  ).toBe(200);
  expect((await page.request.post('/api/admin-gate/phrase', { data: { phrase: 'game day' }, headers })).status()).toBe(
    200,
  );
  return headers;
}

/** The newest dev-outbox text to this number whose body matches, read from /api/dev/texts. */
async function latestText(page: Page, to: string, body: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/texts');
      const { texts } = (await res.json()) as { texts: Array<{ to: string; body: string }> };
      found = texts.find((t) => t.to === to && body.test(t.body))?.body ?? '';
      return found;
    })
    .not.toBe('');
  return found;
}

test.describe('a prize told, claimed and paid', () => {
  test('win told by text → claim with the texted code → marked paid → /entered says Paid', async ({ page }, info) => {
    const slug = slugFor(info);
    const phone = info.project.name === 'phone' ? '+12025550115' : '+12025550114';
    // Each project's own opponent: both runs share one server, and the payouts ledger lists every board.
    const teamB = info.project.name === 'phone' ? 'Heat' : 'Magic';
    await page.goto('/');
    const headers = await passAdminGate(page);

    // The organizer's board: pickup or a payment handle, 14 days to claim.
    const created = await page.request.post('/api/admin/boards', {
      headers,
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
        entryRule: { kind: 'no-amount' },
        prizeTable: nbaFinalsPrizes,
        organization: 'Hawks Foundation',
        mode: 'sweepstakes',
        paymentRequired: false,
        claimWindowDays: 14,
        payoutMethods: ['pickup', 'handle'],
      },
    });
    expect([201, 409]).toContain(created.status());

    // The fan enters from the board screen (the ticket stays in this browser) and agrees to texts.
    await page.goto(`/boards/${slug}`);
    await expect(page.getByTestId('claim-rules')).toContainText('14 days');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByLabel('Nickname').fill('Winner');
    await page.getByRole('checkbox', { name: SMS_CONSENT_TEXT }).check();
    await acceptRules(page);
    await page.getByRole('button', { name: 'Submit Entry' }).click();
    await expect(page.getByTestId('my-code')).toBeVisible();

    // Lock, then score the first quarter so that the fan's cell wins it.
    expect((await page.request.post(`/api/admin/boards/${slug}/lock`, { headers })).status()).toBe(200);
    const board = (await (await page.request.get(`/api/boards/${slug}`)).json()) as BoardView;
    const mine = board.cells[0];
    if (!mine) throw new Error('the entry holds no cell');
    const { row, column } = cellPosition(mine.cell);
    const score = {
      period: nbaFinalsPrizes[0]?.key ?? 'q1',
      teamAScore: 20 + (board.axes.columns[column] ?? 0),
      teamBScore: 20 + (board.axes.rows[row] ?? 0),
    };
    expect((await page.request.post(`/api/admin/boards/${slug}/scores`, { data: score, headers })).status()).toBe(200);

    // The win is told by text, with the claim link.
    const told = await latestText(page, phone, /\/claim\//);
    const link = told.match(/https?:\/\/\S+\/claim\/\S+/)?.[0];
    if (!link) throw new Error(`no claim link in: ${told}`);
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { name: 'Claim your prize' })).toBeVisible();
    await expect(page.getByText('Hawks Foundation').or(page.getByText(/Hawks/)).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);

    // Prove the entry with the texted code, from the keyboard.
    await page.getByRole('button', { name: 'Text me a code' }).click();
    const codeText = await latestText(page, phone, /\b\d{6}\b/);
    const code = codeText.match(/\b(\d{6})\b/)?.[1] ?? '';
    await expect(page.getByLabel('6-digit code')).toBeFocused();
    await page.keyboard.type(code);
    await page.getByRole('radio', { name: 'Payment handle' }).check();
    await page.getByLabel('Your payment handle').fill('@winner-hawks');
    await page.getByRole('button', { name: 'Claim prize' }).click();
    await expect(page.getByRole('heading', { name: 'Prize claimed' })).toBeFocused();

    // The organizer marks it paid from the ledger.
    await page.goto('/admin-boards');
    const ledger = page.getByRole('region', { name: 'Payouts across boards' });
    // The ledger lists every board's prizes, the other project's run included (whose fan may well have drawn
    // the same code): find this one by its game and by its code as a whole, case-sensitive word (a loose
    // substring like 'AGI' would match 'Magic'), and once paid by a reference only this run writes.
    const row1 = ledger
      .getByRole('row')
      .filter({ hasText: `Hawks vs ${teamB}` })
      .filter({ hasText: new RegExp(`\\b${mine.code}\\b`) })
      .filter({ hasText: 'Claimed' });
    await row1.getByRole('button', { name: /Mark paid/ }).click();
    const dialog = page.getByRole('dialog');
    const reference = `VENMO ${slug}`;
    await dialog.getByLabel('Payment reference').fill(reference);
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(ledger.getByRole('row').filter({ hasText: reference })).toContainText('Paid');

    // The fan's entries say Paid.
    await page.goto('/entered');
    await expect(page.getByRole('list', { name: 'Prizes won' })).toContainText('Paid');
  });
});
