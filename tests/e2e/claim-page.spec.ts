import type { Page, Route } from '@playwright/test';
import type { ClaimView } from '../../src/shared/contracts/prize-responses';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  isPhone,
  keepScreenshot,
  test,
} from './fixtures';

/**
 * The claim page on its own, with the claims API answered here (page.route), so its states are checked in a
 * real browser on desktop and phone: readable, keyboard-driven, free of serious axe problems and of layout
 * shift. The whole journey against the server is tests/e2e/prizes.spec.ts. With SHOTS_DIR set, each state is
 * also saved as a screenshot there.
 */
const claim: ClaimView['claim'] = {
  boardSlug: 'thunder-timberwolves',
  boardTitle: 'Thunder vs Timberwolves',
  period: 'q1',
  periodLabel: '1st Quarter',
  prizeCents: 2500,
  code: 'K7Q',
  state: 'unclaimed',
  methods: ['pickup', 'check', 'handle'],
  expiresAt: '2026-12-25T02:00:00.000Z',
  phoneHint: '•••• ••• 0142',
  textable: true,
  signedInOwner: false,
};

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await keepScreenshot(page, `${dir}/${name}-${isPhone(page) ? 'phone' : 'desktop'}.png`);
}

/** Records layout shifts from the first paint on; read with `shiftTotal`. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!e.hadRecentInput) w.__shift += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shiftTotal = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

test.describe('claim page (API answered in the test)', () => {
  test('prove with a texted code, choose a check by mail, see the confirmation', async ({ page }) => {
    await watchShifts(page);
    await page.route('**/api/claims/**', (route) => {
      const req = route.request();
      if (req.method() === 'GET') return json(route, 200, { claim });
      if (req.url().endsWith('/code')) return json(route, 202, {});
      const body = req.postDataJSON() as { code: string; method: string };
      if (body.code !== '424242') {
        return json(route, 403, { error: { code: 'PRIZE_CLAIM_CODE_WRONG', message: 'That code is not right.' } });
      }
      return json(route, 200, {
        prize: {
          id: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f',
          boardSlug: claim.boardSlug,
          boardTitle: claim.boardTitle,
          period: 'q1',
          periodLabel: '1st Quarter',
          prizeCents: 2500,
          state: 'claimed',
          method: body.method,
          code: 'K7Q',
          winnerNickname: 'Ann',
          claimedAt: '2026-11-25T02:00:00.000Z',
          paidAt: null,
          paidReference: null,
          expiresAt: claim.expiresAt,
          createdAt: '2026-11-25T01:00:00.000Z',
        },
      });
    });
    await page.goto('/claim/test-token');
    await expect(page.getByText('$25', { exact: true })).toBeVisible();
    await shot(page, 'claim-start');
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Text me a code' }).click();
    const code = page.getByLabel('6-digit code');
    await expect(code).toBeFocused();
    await page.keyboard.type('1234');
    await expect(page.getByText('The code is the 6 digits we texted you', { exact: true })).toBeVisible();
    await page.keyboard.type('56');
    // Radios by keyboard: Tab into the group, arrows move the choice.
    await page.getByRole('radio', { name: 'Pick up at the venue' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Check by mail' })).toBeChecked();
    await page.getByLabel('Mailing address').fill('12 Main St\nSpringfield, IL 62701');
    await page.getByRole('button', { name: 'Claim prize' }).click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('That code is not right.')).toBeVisible();
    await shot(page, 'claim-wrong-code');
    await expectNoSeriousA11yViolations(page);

    await code.fill('424242');
    await page.getByRole('button', { name: 'Claim prize' }).click();
    await expect(page.getByRole('heading', { name: 'Prize claimed' })).toBeFocused();
    await expect(page.getByText('Check by mail')).toBeVisible();
    await shot(page, 'claim-done');
    await expectNoSeriousA11yViolations(page);
    expect(await shiftTotal(page)).toBeLessThan(0.1);
  });

  for (const [status, code, title, name] of [
    [404, 'PRIZE_CLAIM_INVALID', 'This claim link is not valid', 'claim-invalid'],
    [410, 'PRIZE_CLAIM_EXPIRED', 'This claim link has expired', 'claim-expired'],
    [409, 'PRIZE_CLAIM_USED', 'This prize has already been claimed', 'claim-used'],
  ] as const) {
    test(`a ${status} link says '${title}'`, async ({ page, consoleProblems }) => {
      await page.route('**/api/claims/**', (route) => json(route, status, { error: { code, message: 'refused' } }));
      await page.goto('/claim/test-token');
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await shot(page, name);
      await expectNoSeriousA11yViolations(page);
      // The refusal this test answers with is the one failed load the browser reports; any other still fails.
      const refused = `console: Failed to load resource: the server responded with a status of ${status}`;
      const others = consoleProblems.filter((p) => !p.startsWith(refused));
      consoleProblems.splice(0, consoleProblems.length, ...others);
    });
  }

  test("the entry's signed-in owner needs no code", async ({ page }) => {
    await page.route('**/api/claims/**', (route) => json(route, 200, { claim: { ...claim, signedInOwner: true } }));
    await page.goto('/claim/test-token');
    await expect(page.getByText('You’re signed in as the entry’s owner.')).toBeVisible();
    await page.getByRole('radio', { name: 'Payment handle' }).check();
    await expect(page.getByLabel('Your payment handle')).toBeVisible();
    await shot(page, 'claim-owner');
    await expectNoSeriousA11yViolations(page);
  });

  test('a 429 with Retry-After says how long to wait and holds the button back', async ({ page }) => {
    await watchShifts(page);
    await page.route('**/api/claims/**', (route) => {
      const req = route.request();
      if (req.method() === 'GET') return json(route, 200, { claim });
      return route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'retry-after': '240' },
        body: JSON.stringify({ error: { code: 'PRIZE_CLAIM_RATE_LIMITED', message: 'Too many tries.' } }),
      });
    });
    await page.goto('/claim/abc.def');
    const send = page.getByRole('button', { name: 'Text me a code' });
    await send.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Too many codes for this prize. Try again in 4 minutes.')).toBeVisible();
    await expect(send).toBeDisabled();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    expect(await shiftTotal(page)).toBeLessThan(0.1);
    await shot(page, 'claim-wait');
  });
});
