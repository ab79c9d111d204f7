import type { Page } from '@playwright/test';
import {
  acceptRules,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  keepScreenshot,
  openEmail,
  scrollToEnd,
  test,
} from './fixtures';

/** The TEST MODE banner, as the server's testMode puts it on every checkout and confirmation screen. */
const testModeBanner = (page: Page) => page.getByRole('complementary', { name: 'Test mode' });
/**
 * The board cell holding `code`. Matched case-sensitively as a whole word: a plain `hasText` is a case-insensitive
 * substring, so a drawn code such as PTY would also match every empty cell's hidden 'empty'.
 */
const cellOf = (page: Page, code: string) =>
  page.locator('[data-cell]').filter({ hasText: new RegExp(`(^|[^A-Z0-9])${code}([^A-Z0-9]|$)`) });

/** Pays on FanGrid's local test checkout with a test card. */
/** Fills the local checkout's card form (and its receipt email, on an entry's checkout) without paying. */
async function fillCheckout(checkout: Page, card: string, receiptTo?: string) {
  await expect(checkout.getByText('FanGrid test checkout')).toBeVisible();
  await expect(testModeBanner(checkout)).toContainText('TEST MODE');
  await checkout.getByLabel('Card number').fill(card);
  await checkout.getByLabel('Expiry (MM / YY)').fill('1230');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByLabel('Name on card').fill('Test Fan');
  if (receiptTo) await checkout.getByLabel('Email for your receipt (optional)').fill(receiptTo);
}

async function payOnCheckout(checkout: Page, card: string) {
  await fillCheckout(checkout, card);
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
}

test.describe('donations and tips through the checkout', () => {
  test('a baseball donation from a board entry, paid with 4242 in the same tab', async ({ page }) => {
    await page.goto('/baseball-games');
    await page.getByRole('button', { name: 'Join Game Board: Mariners vs Diamondbacks' }).click();
    const modal = page.getByRole('dialog', { name: 'Join Mariners vs Diamondbacks' });
    await modal.getByLabel('Phone number').fill('+12025550137');
    await modal.getByLabel('Nickname').fill('Ichiro');
    await modal.getByRole('button', { name: '$20', exact: true }).click();
    await acceptRules(modal);
    await modal.getByRole('button', { name: 'Submit Entry' }).click();
    await page.getByRole('link', { name: 'donate to this game' }).click();

    await expect(page).toHaveURL('/baseball-donation');
    await expect(page.getByRole('heading', { level: 1, name: 'Support Mariners vs Diamondbacks' })).toBeVisible();
    await expect(page.getByText('MARINERS-DIAMONDBACKS')).toBeVisible();
    await expect(page.getByLabel('Custom amount ($)')).toHaveValue('20');
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: '$10', exact: true }).click();
    await page.getByRole('button', { name: 'Donate $10.00' }).click();
    await expect(page.getByText('Missing Information')).toBeVisible();
    await page.getByLabel('Your name').fill('Ken Griffey');
    await page.getByLabel('Email').fill('junior@example.com');
    const pagesBefore = page.context().pages().length;
    await page.getByRole('button', { name: 'Donate $10.00' }).click();
    const checkout = page;
    await expect(checkout).toHaveURL(/\/checkout\/cs_local_/);
    expect(page.context().pages()).toHaveLength(pagesBefore);
    await expect(checkout.getByRole('heading', { level: 1, name: 'Donation: Mariners vs Diamondbacks' })).toBeVisible();
    await expect(testModeBanner(checkout)).toContainText('4242 4242 4242 4242');
    await expectNoSeriousA11yViolations(checkout);
    await expectNoSidewaysScroll(checkout);
    await keepScreenshot(checkout, test.info().outputPath(`checkout-${test.info().project.name}.png`));
    await payOnCheckout(checkout, '4242 4242 4242 4242');

    await expect(checkout).toHaveURL(/\/payment-success\?session_id=cs_local_/);
    await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(checkout.getByText('Donation Successful!')).toBeVisible();
    await expect(testModeBanner(checkout)).toContainText('No real money moves');
    await keepScreenshot(checkout, test.info().outputPath(`success-${test.info().project.name}.png`));
    const details = checkout.getByRole('region', { name: 'Entry details' });
    await expect(details).toContainText('FanGrid Baseball Community Fund');
    await expect(details).toContainText('MARINERS-DIAMONDBACKS');
    await expect(details).toContainText('$20.00');
    await expect(details).toContainText('$10.00');
    await expect(checkout.getByRole('button', { name: 'Shopping Cart (Coming Soon)' })).toBeDisabled();
    await checkout.reload();
    await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expectNoSeriousA11yViolations(checkout);

    // The receipt is in the dev outbox.
    await checkout.goto('/dev/mail');
    await expect(checkout.getByText(/\[TEST MODE\] Your FanGrid donation receipt \(DON-/).first()).toBeVisible();
  });

  test('a card declined with 0002 shows the provider’s message and nothing is paid', async ({ page }) => {
    await page.goto('/baseball-games');
    const form = page.getByRole('form', { name: 'Create Custom Game Entry' });
    await form.getByLabel('Team 1').selectOption('Chicago Cubs');
    await form.getByLabel('Team 2').selectOption('St. Louis Cardinals');
    await form.getByLabel('Donation amount ($)').fill('5');
    await acceptRules(form);
    await form.getByRole('button', { name: 'Create Custom Game Entry' }).click();
    await page.getByRole('link', { name: 'Donate to Chicago Cubs vs St. Louis Cardinals' }).first().click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Support Chicago Cubs vs St. Louis Cardinals' }),
    ).toBeVisible();
    await page.getByRole('radio', { name: 'Recurring monthly donation' }).check();
    await page.getByLabel('Your name').fill('Harry Caray');
    await page.getByLabel('Email').fill('harry@example.com');
    await page.getByRole('button', { name: 'Donate $5.00 monthly' }).click();
    const checkout = page;
    await expect(checkout).toHaveURL(/\/checkout\/cs_local_/);
    const sessionId = page.url().split('/checkout/')[1];
    await expect(checkout.getByText('per month', { exact: true })).toBeVisible();
    // The button says it is monthly too, with the amount formatted from the real amount.
    await expect(checkout.getByRole('button', { name: 'Pay $5.00 per month' })).toBeVisible();
    await payOnCheckout(checkout, '4000 0000 0000 0002');
    await expect(checkout.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(checkout.getByRole('button', { name: /^Pay \$5\.00/ })).toBeEnabled();

    await page.goto(`/payment-success?session_id=${sessionId}`);
    await expect(page.getByText('Waiting for the payment provider to confirm your payment…')).toBeVisible();
  });

  test('a WNBA donation is recorded on the server and its success page survives a reload', async ({ page }) => {
    await page.goto('/wnba-donation');
    await expect(page.getByRole('heading', { name: 'No Game Data Found' })).toBeVisible();
    await page.goto('/wnba-success');
    await expect(page.getByRole('heading', { name: 'No Donation Data Found' })).toBeVisible();

    await page.goto('/wnba-games');
    await page.getByRole('tab', { name: 'All Games' }).click();
    await page.getByRole('button', { name: 'Join Game Board' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Support / })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await page.getByRole('button', { name: '$25', exact: true }).click();
    await page.getByLabel('Your name').fill('Sue Bird');
    await page.getByLabel('Email').fill('sue@example.com');
    await page.getByLabel('Phone (optional)').fill('+12125550109');
    await page.getByLabel('Message (optional)').fill('Go Storm!');
    await page.getByRole('button', { name: 'Donate $25.00' }).click();
    await payOnCheckout(page, '4242424242424242');

    await expect(page).toHaveURL(/\/wnba-success\?donation=WNBA-\d+-[A-Z0-9]{4}$/);
    await expect(page.getByRole('heading', { name: 'Donation Successful!' })).toBeVisible();
    await expect(testModeBanner(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your donation' })).toContainText('Go Storm!');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Donation Successful!' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'Support Another Game' }).click();
    await expect(page).toHaveURL('/wnba-games');
  });

  test('a tip with the fee of its tier shown before paying, then Tip Sent Successfully!', async ({ page }) => {
    await page.goto('/gaming');
    await scrollToEnd(page, page.getByRole('button', { name: 'Tip PixelPaige' }));
    await page.getByRole('button', { name: 'Tip PixelPaige' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tip PixelPaige' });
    await dialog.getByLabel('Custom amount ($1-$500)').fill('600');
    await expect(dialog.getByText('Please enter an amount between $1 and $500.')).toBeVisible();
    await dialog.getByRole('button', { name: '$10', exact: true }).click();
    await expect(dialog.getByText('Platform fee $1.80 (18%): PixelPaige receives $8.20.')).toBeVisible();
    await dialog.getByLabel('Custom amount ($1-$500)').fill('10.01');
    await expect(dialog.getByText('Platform fee $1.50 (15%): PixelPaige receives $8.51.')).toBeVisible();
    await dialog.getByLabel('Message (optional)').fill('Great stream!');
    await expect(dialog.getByText('13/200')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Send Tip of $10.01' }).click();
    await payOnCheckout(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/tips\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Tip Sent Successfully!' })).toBeVisible();
    await expect(testModeBanner(page)).toBeVisible();
    await expect(page.getByText('$10.01 sent to PixelPaige. Thank you for supporting our streamers!')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test('a paid board entry that is not paid frees its cell, live, when its hold ends', async ({ page, browser }) => {
  const watcher = await browser.newPage();
  await watcher.goto('/boards/lakers-warriors');
  await expect(watcher.getByText(/Paid board: your entry pays its support amount at checkout/)).toBeVisible();

  await page.goto('/boards/lakers-warriors');
  await page.getByLabel('Phone number').fill('+12025550159');
  await page.getByLabel('Nickname').fill('Showtime');
  await page.getByRole('button', { name: '$5', exact: true }).click();
  await acceptRules(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
  await expect(
    page.getByRole('heading', { level: 1, name: /^Board entry [A-Z0-9]{3}: Lakers vs Warriors$/ }),
  ).toBeVisible();
  const code = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').slice(12, 15);

  // The watcher sees the held cell fill, then free again when the 5 s hold ends unpaid.
  const held = cellOf(watcher, code);
  await expect(held).toHaveCount(1);
  await expect(held).toHaveCount(0, { timeout: 15_000 });

  // The checkout is closed: paying now is refused.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('This checkout is no longer open.');
  await watcher.close();
});

test('cancelling a paid entry’s checkout frees its cell at once; the board then says so, in TEST MODE', async ({
  page,
}) => {
  await page.goto('/boards/lakers-warriors');
  await page.getByLabel('Phone number').fill('+12025550163');
  await page.getByLabel('Nickname').fill('Worthy');
  await page.getByRole('button', { name: '$5', exact: true }).click();
  await acceptRules(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
  await expect(testModeBanner(page)).toBeVisible();
  const sessionId = page.url().split('/checkout/')[1] ?? '';
  const code = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').slice(12, 15);
  await page.getByRole('button', { name: 'Cancel and return to FanGrid' }).click();
  await expect(page).toHaveURL('/boards/lakers-warriors');
  await expect(cellOf(page, code)).toHaveCount(0);

  // Where a paid entry's checkout returns: the board reads the checkout back by its id.
  await page.goto(`/boards/lakers-warriors?session_id=${sessionId}`);
  const result = page.getByRole('region', { name: 'Your payment' });
  await expect(result.getByRole('status')).toContainText('The checkout closed before it was paid.');
  await expect(testModeBanner(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  // The checkout is closed for good.
  await page.goto(`/checkout/${sessionId}`);
  await expect(page.getByRole('alert')).toContainText('This checkout is no longer open.');
});

test('Watch records the affiliate click and opens the stream with the referral parameter', async ({
  page,
  context,
}) => {
  // The stream itself is outside FanGrid: answer it locally so the test never leaves the machine.
  await context.route('https://www.twitch.tv/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>stream</title>' }),
  );
  await page.goto('/gaming');
  await scrollToEnd(page, page.getByRole('button', { name: 'Watch CourtsideCam on Twitch' }));
  const [stream] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Watch CourtsideCam on Twitch' }).click(),
  ]);
  await expect(stream).toHaveURL('https://www.twitch.tv/courtsidecam?ref=fangrid');
  await expect(page.getByText('Redirecting to stream')).toBeVisible();
  await expect(page.getByText(/FanGrid earns a small commission/)).toBeVisible();
});

test('paying on the paid board: told before, held while paying, confirmed after with code, ticket, cells and amount', async ({
  page,
  browser,
}, info) => {
  // Two pages, three axe passes and the receipt in the dev outbox: more than the suite's 60 s on a busy machine.
  test.setTimeout(90_000);
  const shots = info.outputPath('checkout');
  const watching = await browser.newContext();
  const watcher = await watching.newPage();
  await watcher.goto('/boards/lakers-warriors');
  await expect(watcher.getByRole('rowheader', { name: 'Warriors 9' })).toBeVisible();
  await watcher.waitForTimeout(300); // let the watcher's event stream connect

  await page.goto('/boards/lakers-warriors');
  // Before submitting: the form says the entry is paid at checkout and its cells are held meanwhile.
  const submit = page.getByRole('button', { name: 'Continue to payment' });
  await expect(submit).toHaveAccessibleDescription(/This entry is paid at checkout\. Your cells are held for/);
  await expect(page.getByRole('button', { name: 'Submit Entry' })).toHaveCount(0);
  await page.getByLabel('Phone number').fill('+12025550180');
  await page.getByLabel('Nickname').fill('Magic');
  await page.getByRole('button', { name: '$5', exact: true }).click();
  await expectNoSeriousA11yViolations(page);
  await keepScreenshot(page, `${shots}-form.png`);
  await acceptRules(page);
  await submit.click();
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
  await expect(
    page.getByRole('heading', { level: 1, name: /^Board entry [A-Z0-9]{3}: Lakers vs Warriors$/ }),
  ).toBeVisible();
  const code = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').slice(12, 15);

  // Another viewer tells the held cell from a paid one, live.
  expect(code).toMatch(/^[A-Z0-9]{3}$/);
  const cell = cellOf(watcher, code);
  await expect(cell).toHaveAttribute('data-held', 'true');
  await expect(cell).toHaveAccessibleName(`${code}, held while paying`);
  await expect(watcher.getByRole('list', { name: 'Board legend' })).toContainText('Held while paying');
  // The visible part only: the hold lasts 5 s here, and a full-page capture can outlast it on a busy machine.
  await keepScreenshot(watcher, `${shots}-held.png`, { visibleOnly: true });
  const receiptTo = `magic-${info.project.name}@example.com`;
  await fillCheckout(page, '4242 4242 4242 4242', receiptTo);
  await page.getByRole('button', { name: 'Pay $5.00' }).click();

  // The fan lands on a confirmation of what was paid, not on an empty form.
  await expect(page).toHaveURL(/\/boards\/lakers-warriors\?session_id=cs_local_/);
  const result = page.getByRole('region', { name: 'Your payment' });
  await expect(result.getByRole('status')).toContainText('Payment received: your entry is confirmed.');
  const confirmation = result.getByTestId('payment-confirmation');
  await expect(confirmation).toContainText(`Your code${code}`);
  await expect(confirmation).toContainText(/Ticket[A-Z0-9-]{4,}/);
  // Before the draw a cell is named by its place alone (its digits come at lock).
  await expect(confirmation).toContainText(/Cellrow \d+, column \d+Paid/);
  await expect(confirmation).toContainText('Paid$5.00');
  await expect(page.getByLabel('Phone number')).toHaveCount(0);
  await expect(page.locator('td[data-mine]')).toHaveText(code);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, `${shots}-confirmed.png`);
  // Paid now: the watcher's cell is no longer held (a late payment re-seats it, also not held).
  await expect(cellOf(watcher, code)).toHaveCount(1);
  await expect(cellOf(watcher, code)).not.toHaveAttribute('data-held', 'true');
  await expectNoSeriousA11yViolations(watcher);
  await page.getByRole('button', { name: 'Make another entry' }).click();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await watching.close();

  // The receipt, at the email given on the checkout: what was bought, and that an entry is no donation.
  const receipt = await openEmail(page, `[TEST MODE] Your FanGrid entry receipt`, receiptTo);
  await expect(receipt).toContainText(`Your code: ${code}`);
  await expect(receipt).toContainText('Entry amount: $5.00');
  await expect(receipt).toContainText('Board entries are not donations and are not tax-deductible.');
  await keepScreenshot(page, `${shots}-receipt.png`);
});
