import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, openEmail, test } from './fixtures';

const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" onload="alert(1)"><script>alert(2)</script>' +
  '<rect width="64" height="64" rx="12" fill="#f97316"/><circle cx="32" cy="32" r="16" fill="#0b1120"/></svg>';

/** Holds requests to `url` until the returned function is called, so a busy state can be seen. */
async function holdRequests(page: Page, url: string | RegExp) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await gate;
    await route.continue();
  });
  // Later requests pass straight through (the gate stays open).
  return () => release();
}

test.describe('partners', () => {
  test('partnership page: inquiry with the spec messages, stored and emailed to the partners inbox', async ({
    page,
  }, info) => {
    const name = `Riley ${info.project.name}`;
    await page.goto('/partners');
    await expect(page.getByRole('heading', { level: 1, name: 'Partner with FanGrid' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);

    // Nothing filled in: the 'Missing Information' message and the first missing field gets focus.
    await page.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(page.getByText('Missing Information')).toBeVisible();
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByLabel('Name *')).toBeFocused();
    await expect(page.getByLabel('Name *')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Name *').fill(name);
    await expect(page.getByText('Name is required')).toBeHidden();
    await page.getByLabel('Email *').fill('riley@club.example');
    await page.getByLabel('Organization').fill('Northside Youth Hoops');
    await page.getByLabel('Message *').fill('We would like to run a board for our fall tournament.');
    await page.getByRole('button', { name: 'Submit Inquiry' }).click();
    await expect(page.getByText('Inquiry Submitted!')).toBeVisible();
    await expect(page.getByText("We'll get back to you within 24 hours").last()).toBeVisible();
    await expect(page.getByLabel('Name *')).toHaveValue('');

    const mail = await openEmail(page, `New partnership inquiry from ${name}`, 'partners@fangrid.local');
    await expect(mail).toContainText('We would like to run a board for our fall tournament.');
    await expect(mail).toContainText('Northside Youth Hoops');
  });

  test('the three partner cards open their forms; /partners/{slug} and /partner/{id} reach the same form', async ({
    page,
  }) => {
    await page.goto('/partners');
    const cards = page.getByRole('region', { name: 'Our partners' }).getByRole('link');
    await expect(cards).toHaveCount(3);
    for (const [slug, name] of [
      ['sports-excellence', 'Sports Excellence Foundation'],
      ['community-champions', 'Community Champions'],
      ['future-stars', 'Future Stars Academy'],
    ] as const) {
      await expect(cards.filter({ hasText: name })).toHaveAttribute('href', `/partner-details/${slug}`);
    }
    await cards.filter({ hasText: 'Community Champions' }).click();
    await expect(page).toHaveURL('/partner-details/community-champions');
    await expect(page.getByRole('heading', { level: 1, name: 'Community Champions' })).toBeVisible();

    await page.goto('/partners/future-stars');
    await expect(page.getByRole('heading', { level: 1, name: 'Future Stars Academy' })).toBeVisible();
    await page.goto('/partner/sports-excellence');
    await expect(page.getByRole('heading', { level: 1, name: 'Sports Excellence Foundation' })).toBeVisible();
    for (const section of ['Organizational Information', 'Memo & Notes', 'Current Sponsorships', 'Brand Identity']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to Partners' }).click();
    await expect(page).toHaveURL('/partners');
  });

  test('fill a partner form, upload a logo (picker and drop zone), save, and read the confirmation email', async ({
    page,
  }, info) => {
    const email = `partner-${info.project.name}-${Date.now()}@club.example`;
    await page.goto('/partner-details/future-stars');
    await expect(page.getByRole('heading', { level: 1, name: 'Future Stars Academy' })).toBeVisible();
    await expect(page.getByText("Developing tomorrow's athletes")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);

    // The required-field messages (docs/product.md#partners), with focus on the first.
    const submit = page.getByRole('button', { name: 'Save & Send Confirmation Email' });
    await submit.click();
    for (const message of [
      'Organization name is required',
      'Contact person is required',
      'Valid email is required',
      'Phone number is required',
      'Address is required',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Organization name *')).toBeFocused();

    await page.getByLabel('Organization name *').fill('Lakeside Lightning');
    await page.getByLabel('Contact person *').fill('Jordan Lee');
    await page.getByLabel('Email *').fill('jordan@');
    await page.getByLabel('Phone *').fill('202-555-0199');
    await page.getByLabel('Address *').fill('1 Harbor Way\nLakeside');
    await page.getByRole('textbox', { name: 'Memo & notes' }).fill('Spring league fundraiser');
    await page.getByRole('textbox', { name: 'Current sponsorships' }).fill('Harbor Credit Union');
    await page.getByLabel('Brand colors').fill('Teal and white');
    await submit.click();
    await expect(page.getByText('Valid email is required')).toBeVisible();
    await expect(page.getByLabel('Email *')).toBeFocused();
    await page.getByLabel('Email *').fill(email);

    // Logo through the file picker: 'Uploading logo...' while the request is held, then a preview.
    const releaseUpload = await holdRequests(page, '**/api/partners/logos');
    await page.getByLabel('Logo file').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(logoSvg),
    });
    await expect(page.getByText('Uploading logo...')).toBeVisible();
    releaseUpload();
    const preview = page.getByRole('img', { name: 'Uploaded logo preview' });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByLabel('Logo URL')).toHaveValue(/\/uploads\/[0-9a-f-]{36}\.svg$/);

    // Removing clears the logo; then a file dropped on the zone.
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await expect(preview).toBeHidden();
    await expect(page.getByLabel('Logo URL')).toHaveValue('');
    const zone = page.getByTestId('logo-drop-zone');
    const dataTransfer = await page.evaluateHandle((svg) => {
      const dt = new DataTransfer();
      dt.items.add(new File([svg], 'dropped.svg', { type: 'image/svg+xml' }));
      return dt;
    }, logoSvg);
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await expect(zone).toContainText('Drop the logo here...');
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(preview).toBeVisible();
    const logoUrl = await page.getByLabel('Logo URL').inputValue();

    // Save & send: the button is busy while the save is held, then the result dialog.
    const releaseSave = await holdRequests(page, '**/api/partners/future-stars/submissions');
    await submit.click();
    await expect(page.getByRole('button', { name: 'Saving & Sending Email...' })).toBeDisabled();
    releaseSave();
    const dialog = page.getByRole('dialog', { name: 'Partner information saved successfully!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Confirmation email sent successfully!');
    await expect(dialog).toContainText(email);
    // Checked once its entrance animation has finished (colours mid-fade are not what a person sees).
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save & Send Confirmation Email' })).toBeEnabled();

    const mail = await openEmail(page, 'Future Stars Academy: we received your partner details', email);
    await expect(mail).toContainText('Thank you, Jordan Lee!');
    await expect(mail).toContainText("We received Lakeside Lightning's partner details for Future Stars Academy.");
    await expect(mail).toContainText('Harbor Credit Union');
    await expect(mail).toContainText(logoUrl);

    // The stored logo is the sanitized SVG, served with nosniff and a sandboxing CSP.
    const served = await page.request.get(logoUrl);
    expect(served.headers()['content-type']).toBe('image/svg+xml');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const stored = await served.text();
    expect(stored).not.toContain('script');
    expect(stored).not.toContain('onload');
  });

  test('a logo the server refuses, a file too large and a manual URL that is not http(s)', async ({ page }) => {
    await page.goto('/partner-details/sports-excellence');
    await page.getByLabel('Logo file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
    });
    const alert = page.getByRole('alert').filter({ hasText: 'Error uploading logo. Please try again.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('The logo must be a JPEG, PNG, GIF, WEBP or SVG image.');
    await page.getByLabel('Logo file').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5_242_881, 1),
    });
    await expect(alert).toContainText('The logo must be 5 MB or smaller.');

    await page.getByLabel('Logo URL').fill('javascript:alert(1)');
    await expect(alert).toBeHidden();
    await page.getByRole('button', { name: 'Save & Send Confirmation Email' }).click();
    await expect(page.getByText('Enter a logo URL that starts with http:// or https://')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('unknown partner id: Partner Not Found with Back to Partners', async ({ page }) => {
    for (const url of ['/partner/unknown-partner', '/partner-details/nope', '/partners/SPORTS-EXCELLENCE']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: 'Partner Not Found' })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'Back to Partners' }).click();
    await expect(page).toHaveURL('/partners');
    await expect(page.getByRole('heading', { level: 1, name: 'Partner with FanGrid' })).toBeVisible();
  });

  test('the draft of each partner form is restored after a reload, and can be cleared', async ({ page }) => {
    await page.goto('/partner-details/community-champions');
    await page.getByLabel('Organization name *').fill('Riverside Rockets');
    await page.getByLabel('Contact person *').fill('Sam Rivers');
    await page.getByRole('textbox', { name: 'Memo & notes' }).fill('Call after 5pm');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Community Champions' })).toBeVisible();
    await expect(page.getByText('We restored the draft you started in this browser.')).toBeVisible();
    await expect(page.getByLabel('Organization name *')).toHaveValue('Riverside Rockets');
    await expect(page.getByLabel('Contact person *')).toHaveValue('Sam Rivers');
    await expect(page.getByRole('textbox', { name: 'Memo & notes' })).toHaveValue('Call after 5pm');

    // Drafts are per partner: another partner's form opens empty.
    await page.goto('/partner-details/sports-excellence');
    await expect(page.getByLabel('Organization name *')).toHaveValue('');
    await page.goto('/partner-details/community-champions');
    await expect(page.getByLabel('Organization name *')).toHaveValue('Riverside Rockets');

    await page.getByRole('button', { name: 'Clear form' }).click();
    await expect(page.getByLabel('Organization name *')).toHaveValue('');
    await page.reload();
    await expect(page.getByLabel('Organization name *')).toHaveValue('');
    await expect(page.getByText('We restored the draft you started in this browser.')).toBeHidden();
  });

  test('keyboard only: reach the logo picker and submit the inquiry form', async ({ page }) => {
    await page.goto('/partner-details/future-stars');
    await page.getByLabel('Brand colors').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Logo file')).toBeFocused();
    await page.goto('/partners');
    await page.getByLabel('Name *').focus();
    await page.keyboard.type('Kai');
    await page.keyboard.press('Tab');
    await page.keyboard.type('kai@club.example');
    await page.getByLabel('Message *').focus();
    await page.keyboard.type('Hello from the keyboard');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Submit Inquiry' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Inquiry Submitted!')).toBeVisible();
  });
});
