import type { Locator, Page } from '@playwright/test';
import { nbaFinalsPrizes } from '../../src/shared/domain/boards';
import { acceptRules, expect, expectNoSeriousA11yViolations, followEmailLink, isPhone, test } from './fixtures';

/**
 * A phone number is a valid US number where it is typed (issue 37): "123" and "555-0100" mark the phone
 * field itself with 'Enter a valid US phone number' and hold the submit, on the board entry form and at
 * sign-up; a 202-555-01XX number clears the field and the entry (or the account) goes through.
 */
const invalid = 'Enter a valid US phone number';

/** Types each refused number into `field` and leaves it; the field says why and `submit` stays held. */
async function refusesTyped(scope: Page | Locator, field: Locator, submit: Locator) {
  for (const typed of ['123', '555-0100']) {
    await field.fill(typed);
    await field.blur();
    await expect(field, typed).toHaveAttribute('aria-invalid', 'true');
    await expect(field, typed).toHaveAccessibleDescription(new RegExp(invalid));
    await expect(scope.getByText(invalid)).toBeVisible();
    await expect(submit).toBeDisabled();
  }
}

async function openBoard(page: Page, slug: string) {
  await page.goto('/admin-entries');
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
  const headers = { origin: new URL(page.url()).origin };
  const created = await page.request.post('/api/admin/boards', {
    headers,
    data: {
      slug,
      game: {
        league: 'NBA',
        teamA: 'Wizards',
        teamB: isPhone(page) ? 'Hornets' : 'Hawks',
        startsAt: new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString(),
        venue: 'Capital One Arena',
      },
      format: '1v99',
      entryRule: { kind: 'no-amount' },
      prizeTable: nbaFinalsPrizes,
      organization: 'Wizards Community',
      mode: 'free-to-play',
      paymentRequired: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const opened = await page.request.post(`/api/admin/boards/${slug}/open`, { headers });
  expect(opened.status(), await opened.text()).toBe(200);
  await page.getByRole('button', { name: 'Leave admin' }).click();
}

test('the board entry form takes only a valid US phone, marked on the field as it is typed', async ({ page }, info) => {
  const slug = `phone-rule-${info.project.name}-${Date.now()}`;
  await openBoard(page, slug);
  await page.goto(`/boards/${slug}`);
  const phone = page.getByLabel('Phone number');
  const submit = page.getByRole('button', { name: 'Submit Entry' });
  await page.getByLabel('Nickname').fill('Capital');
  await acceptRules(page);
  await refusesTyped(page, phone, submit);
  await expectNoSeriousA11yViolations(page);

  // The keyboard reaches the field and fixes it; the message goes and the entry goes through.
  await phone.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(isPhone(page) ? '(202) 555-0171' : '202.555.0172');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(invalid)).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Game Entry Created!')).toBeVisible();
  await expect(page.getByTestId('my-code')).toHaveText(/^[A-Z0-9]{3}$/);
});

test('sign-up takes only a valid US phone, marked on the field as it is typed', async ({ page }, info) => {
  const email = `phone-rule-${info.project.name}-${Date.now()}@example.com`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Account' });
  await page.getByLabel('Full name').fill('Dana Fan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Squares-2025!');
  const phone = page.getByLabel('Phone');
  await refusesTyped(page, phone, create);
  await expectNoSeriousA11yViolations(page);

  await phone.fill(isPhone(page) ? '+1 202 555 0173' : '(202) 555-0174');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(invalid)).toHaveCount(0);
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText('Check your email!')).toBeVisible();
  await followEmailLink(page, 'Confirm your FanGrid account', email);
  await expect(page).toHaveURL('/home');
});
