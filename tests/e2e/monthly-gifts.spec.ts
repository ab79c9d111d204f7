import type { Page } from '@playwright/test';
import {
  acceptRules,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  followEmailLink,
  isPhone,
  keepScreenshot,
  openEmail,
  test,
} from './fixtures';

/**
 * Monthly gifts from the donor's side: a recurring donation paid on the local checkout becomes a monthly
 * gift; the receipt's manage link leads to the donor page, which emails a single-use sign-in link; the
 * local checkout's test clock (shown outside production only) renews the gift now, and the renewal shows
 * in the gift's history and as its receipt; then the donor changes the amount, updates the card (a
 * declined card shown on its field) and cancels. A renewal the card declines is covered by the API tests
 * (tests/api/monthly-gifts.test.ts) and the past-due page by tests/web/monthly-gifts-page.test.tsx.
 */

async function pay(checkout: Page, card: string) {
  await expect(checkout.getByText('4000 0000 0000 0341 pays now')).toBeVisible();
  await checkout.getByLabel('Card number').fill(card);
  await checkout.getByLabel('Expiry (MM / YY)').fill('1230');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByLabel('Name on card').fill('Monthly Fan');
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
}

/** axe, no sideways scroll and a screenshot; the phone run checks at 390x844. */
async function checkScreen(page: Page, name: string) {
  if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, test.info().outputPath(`${name}.png`));
}

test('a monthly gift: given, signed in by link, renewed by the test clock, amount and card changed, cancelled', async ({
  page,
}) => {
  // Seven axe passes, four outbox visits, a renewal and the admin gate: about a minute on a busy 2-core machine.
  test.setTimeout(120_000);
  const email = `monthly-${test.info().project.name}-${Date.now()}@example.com`;

  // Give monthly through the baseball donation screen and the local checkout, in the same tab.
  await page.goto('/baseball-games');
  const form = page.getByRole('form', { name: 'Create Custom Game Entry' });
  await form.getByLabel('Team 1').selectOption('Chicago Cubs');
  await form.getByLabel('Team 2').selectOption('St. Louis Cardinals');
  await form.getByLabel('Donation amount ($)').fill('5');
  await acceptRules(form);
  await form.getByRole('button', { name: 'Create Custom Game Entry' }).click();
  await page.getByRole('link', { name: 'Donate to Chicago Cubs vs St. Louis Cardinals' }).first().click();
  await page.getByRole('radio', { name: 'Recurring monthly donation' }).check();
  await page.getByLabel('Your name').fill('Monthly Fan');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Donate $5.00 monthly' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
  await pay(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/payment-success/);

  // The receipt's 'Manage your monthly gift' link (the outbox shows the text part: the address is the link)
  // opens the donor page, which asks for a sign-in link by email.
  const receipt = await openEmail(page, 'Your FanGrid donation receipt', email);
  await receipt.getByRole('link', { name: /\/donations\/monthly$/ }).click();
  await expect(page).toHaveURL('/donations/monthly');
  await expect(page.getByRole('heading', { name: 'Email me a link' })).toBeVisible();
  await checkScreen(page, 'email-form');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If that email has a monthly gift' })).toBeVisible();

  await followEmailLink(page, 'Your link to manage your monthly gifts', email);
  await expect(page).toHaveURL('/donations/monthly');
  const gift = page.getByRole('article', { name: 'Chicago Cubs vs St. Louis Cardinals' });
  await expect(gift).toBeVisible();
  await expect(gift).toContainText('Active');
  await expect(gift).toContainText('$5.00 a month');
  await expect(gift.getByRole('table')).toContainText('Paid');
  await expect(page.getByRole('link', { name: /^Download \d{4} statement \(PDF\)$/ }).first()).toHaveAttribute(
    'href',
    /\/api\/donations\/monthly\/statement\.pdf\?year=\d{4}$/,
  );
  await checkScreen(page, 'gifts');

  // The test clock makes the next renewal happen now, through the renewal job's own path: by keyboard,
  // Enter on 'Renew now (test clock)' charges the card again; the charge joins the history (newest first).
  const charges = gift.getByRole('table').getByRole('row');
  await expect(charges).toHaveCount(2);
  await gift.getByRole('button', { name: 'Renew now (test clock)' }).focus();
  await page.keyboard.press('Enter');
  const renewed = gift.getByRole('status');
  await expect(renewed).toContainText(/^Renewed now: \$5\.00 charged \((DON-\w+-2)\); the receipt is emailed\.$/);
  await expect(charges).toHaveCount(3);
  await expect(charges.nth(1)).toContainText(/\$5\.00\s*Paid/);
  await expect(gift).toContainText('Active');
  await checkScreen(page, 'renewed');
  const renewal = /\((DON-\w+-2)\)/.exec((await renewed.textContent()) ?? '')?.[1];
  expect(renewal).toBeTruthy();
  const renewalReceipt = await openEmail(page, `Your monthly gift receipt (${renewal})`, email);
  await expect(renewalReceipt).toContainText('$5.00');
  await expect(renewalReceipt).toContainText('Manage your monthly gift');
  await page.goto('/donations/monthly');
  await expect(charges).toHaveCount(3);

  // Change the amount: outside the bounds is refused on the field, then $7.50 applies.
  await gift.getByRole('button', { name: 'Change amount' }).click();
  const amount = gift.getByLabel('New monthly amount ($1 to $10,000)');
  await amount.fill('10001');
  await gift.getByRole('button', { name: 'Confirm amount' }).click();
  await expect(gift.getByText('Enter an amount of at most $10,000.')).toBeVisible();
  await amount.fill('7.50');
  await gift.getByRole('button', { name: 'Confirm amount' }).click();
  await expect(gift).toContainText('$7.50 a month');
  await expect(gift.getByRole('status')).toContainText('from the next charge on');

  // Update the card on the local card page: a declined card shows on the field, then a good one saves.
  await gift.getByRole('button', { name: 'Update card' }).click();
  await expect(page).toHaveURL(/\/donations\/monthly\/[^/]+\/card$/);
  await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible();
  await page.getByLabel('Card number').fill('4000000000000002');
  await page.getByLabel('Expiry (MM / YY)').fill('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription(/Your card was declined\./);
  await checkScreen(page, 'card-declined');
  await page.getByLabel('Card number').fill('4000000000000341');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL('/donations/monthly');
  await expect(page.getByText('Your card is updated.')).toBeVisible();

  // Cancel: the dialog says when the gift ends; afterwards it reads 'Ends on …' with no next charge.
  // By keyboard: Enter opens the dialog, Escape closes it and leaves the gift as it was.
  await gift.getByRole('button', { name: 'Cancel gift' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel your monthly gift?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(gift).toContainText('Active');
  await gift.getByRole('button', { name: 'Cancel gift' }).click();
  await expect(dialog).toContainText(/Your gift ends on .+; no further charges\./);
  await checkScreen(page, 'cancel-dialog');
  await dialog.getByRole('button', { name: 'Cancel my gift' }).click();
  await expect(dialog).toBeHidden();
  await expect(gift).toContainText(/Ends on /);
  await expect(gift.getByRole('button', { name: 'Change amount' })).toHaveCount(0);
  await checkScreen(page, 'cancelled');
  await openEmail(page, 'Your monthly gift is cancelled', email);

  // The organizer's KPI page counts monthly gifts and lists this donation with its gift's state.
  await page.goto('/admin-kpi');
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  const monthly = page.getByRole('region', { name: 'Monthly gifts' });
  await expect(monthly).toContainText('Active monthly donors');
  await expect(monthly).toContainText('Failed renewals');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Monthly');
  await expect(row).toContainText('Cancelling');
  await expect(row).toContainText('$7.50');
  await checkScreen(page, 'admin-kpi');
});

test('a wrong or used sign-in link says so and offers the email form again', async ({ page }) => {
  await page.goto('/donations/monthly/sign-in#token=not-a-real-token-at-all-0000');
  await expect(page.getByRole('alert')).toContainText('This link is not valid any more');
  await expect(page).toHaveURL('/donations/monthly');
  await expect(page.getByRole('button', { name: 'Email me a link' })).toBeVisible();
  // The same answer for an email that has no gift.
  // By keyboard: Enter in the field sends the form.
  await page.getByRole('textbox', { name: 'Email' }).focus();
  await page.keyboard.type('nobody-monthly@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'If that email has a monthly gift' })).toBeVisible();
  await checkScreen(page, 'link-invalid');
});

test('the donor page and the card page keep their layout while loading', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!e.hadRecentInput) w.__shift += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const gift = {
    id: 'gift-1',
    reference: 'DON-SHIFT1',
    organization: 'Cubs Charities',
    state: 'active',
    amountCents: 500,
    nextChargeAt: '2026-12-25T05:00:00.000Z',
    cancelAtPeriodEnd: false,
    periodEndsAt: '2026-12-25T05:00:00.000Z',
    startedAt: '2026-10-25T05:00:00.000Z',
    testMode: true,
    testClock: false,
    history: [{ reference: 'DON-SHIFT1', status: 'paid', amountCents: 500, at: '2026-10-25T05:00:00.000Z' }],
  };
  // Each answer is held until the loading state is on screen, then given.
  const held: Array<() => Promise<void>> = [];
  await page.route('**/api/donations/monthly**', (route) => {
    const body = route.request().url().endsWith('/gift-1')
      ? gift
      : { email: 'fan@example.com', viaAccount: true, gifts: [gift] };
    held.push(() => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }));
  });
  const release = async () => {
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const give of held.splice(0)) await give();
  };
  const shift = () => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  await page.goto('/donations/monthly');
  await expect(page.locator('[aria-busy="true"]')).toBeVisible();
  await release();
  await expect(page.getByRole('article', { name: 'Cubs Charities' })).toBeVisible();
  expect(await shift()).toBeLessThan(0.1);
  await page.goto('/donations/monthly/gift-1/card');
  await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible();
  await release();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toBeVisible();
  expect(await shift()).toBeLessThan(0.1);
  await checkScreen(page, 'card-page');
});
