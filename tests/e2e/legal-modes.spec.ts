import type { Page } from '@playwright/test';
import { FREE_ENTRY_CODE_NOTICE, freeEntryCodeMessages } from '../../src/shared/domain/free-entry';
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
 * The newest free entry code texted to this number, read from the dev outbox (/api/dev/texts) once the outbox
 * job has sent it; `other` than an earlier code when one is given.
 */
async function textedCode(page: Page, to: string, other?: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/dev/texts');
        const { texts } = (await res.json()) as { texts: Array<{ to: string; body: string; status: string }> };
        const text = texts.find(
          (t) => t.to === to && t.status === 'sent' && /^Your FanGrid code is \d{6}\./.test(t.body),
        );
        const code = text?.body.match(/\d{6}/)?.[0] ?? '';
        found = code !== other ? code : '';
        return found;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return found;
}

test.describe('legal modes', () => {
  test('a sweepstakes board takes a free entry beside the paid form, without an amount', async ({ page }, info) => {
    // Each browser project uses its own number: one free entry per person on this board.
    const phone = isPhone(page) ? '+12125550113' : '+12125550112';
    await page.goto('/game-board');
    await expect(page.getByTestId('board-mode')).toHaveText('Sweepstakes: no purchase necessary');
    // The paid form has the box and the state select from its first render.
    await expect(page.getByRole('checkbox', { name: /agree to the official rules/ })).not.toBeChecked();
    await expect(page.getByRole('combobox', { name: 'State', exact: true })).toBeVisible();
    await keepScreenshot(page, info.outputPath(`sweepstakes-form-${info.project.name}.png`));
    await page.getByRole('button', { name: 'No purchase necessary: enter for free' }).click();
    const free = page.getByRole('form', { name: 'Free entry' });
    await expect(free.getByLabel(/amount/i)).toHaveCount(0);
    await free.getByLabel('Phone number').fill(phone);
    await free.getByLabel('Nickname').fill('Freebie');
    // The number is confirmed by a texted code: the form says so before anything is sent.
    await expect(free.getByText(FREE_ENTRY_CODE_NOTICE)).toBeVisible();
    await free.getByRole('button', { name: 'Enter for free' }).click();
    await expect(free.getByText('Tick the box to confirm your age and accept the official rules.')).toBeVisible();
    await acceptRules(free);
    await free.getByRole('button', { name: 'Text me a code' }).click();
    const code = free.getByLabel('6-digit code');
    await expect(code).toBeFocused();
    await expect(free.getByRole('status')).toHaveText(freeEntryCodeMessages.sent(10));
    // A wrong code is refused on its field; the one texted (read from the dev outbox) enters.
    const texted = await textedCode(page, phone);
    await code.fill(texted === '000000' ? '000001' : '000000');
    await free.getByRole('button', { name: 'Enter for free' }).click();
    await expect(code).toHaveAccessibleDescription(freeEntryCodeMessages.wrong);
    await code.fill(texted);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, info.outputPath(`free-entry-code-${info.project.name}.png`));
    await code.press('Enter');
    await expect(page.getByText('Free entry accepted')).toBeVisible();
    await expect(page.getByTestId('my-code')).toHaveText(/^[A-Z]{3}$/);
    await keepScreenshot(page, info.outputPath(`free-entry-${info.project.name}.png`));
    await expectNoSeriousA11yViolations(page);
    // A second free entry from the same number is past the rules' limit per person, told on the form.
    await page.reload();
    await page.getByRole('button', { name: 'No purchase necessary: enter for free' }).click();
    await free.getByLabel('Phone number').fill(phone);
    await free.getByLabel('Nickname').fill('Again');
    await acceptRules(free);
    await free.getByRole('button', { name: 'Text me a code' }).click();
    await expect(code).toBeFocused();
    await code.fill(await textedCode(page, phone, texted));
    await free.getByRole('button', { name: 'Enter for free' }).click();
    await expect(free.getByLabel('Phone number')).toHaveAccessibleDescription(/has used its free entry on this board/);
  });

  test('the rules page says how the free method works', async ({ page }) => {
    await page.goto('/boards/thunder-timberwolves/rules');
    await expect(page.getByText(/Free entry: use the Free entry form with a code we text you/)).toBeVisible();
    await expect(page.getByText(/limit \d+ per phone number/)).toBeVisible();
  });

  test('a free-to-play board shows no amounts', async ({ page }) => {
    await page.goto('/finals-game-5');
    await expect(page.getByTestId('board-mode')).toHaveText('Free to play');
    const form = page.locator('form').filter({ has: page.getByLabel('Nickname') });
    await expect(form.getByLabel('Phone number')).toBeVisible();
    await expect(form.getByText(/\$\d/)).toHaveCount(0);
    await expect(form.getByRole('combobox', { name: 'State', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'No purchase necessary: enter for free' })).toHaveCount(0);
  });

  test('a charitable raffle names the organization that runs it', async ({ page }) => {
    await page.goto('/east-game-board');
    await expect(page.getByTestId('board-mode')).toHaveText(/^Charitable raffle run by \S/);
  });

  test('an excluded state is refused on the State field as soon as it is chosen', async ({ page }) => {
    await page.goto('/game-board');
    await page.getByLabel('Phone number').fill(isPhone(page) ? '+12125550115' : '+12125550114');
    await page.getByLabel('Nickname').fill('Empire');
    await page.getByRole('button', { name: '$5' }).click();
    await acceptRules(page, 'NY');
    await expect(page.getByRole('button', { name: 'Submit Entry' })).toBeDisabled();
    const state = page.getByRole('combobox', { name: 'State', exact: true });
    await expect(state).toHaveAccessibleDescription(
      'Entries from New York are not accepted: the official rules of this sweepstakes exclude NY.',
    );
    await expect(state).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('td[data-mine]')).toHaveCount(0);
  });

  test('the official rules read on a phone: linked from the board, headings and paragraphs, no sideways scroll', async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/game-board');
    await page.getByRole('link', { name: 'Official rules', exact: true }).click();
    await expect(page).toHaveURL('/boards/thunder-timberwolves/rules');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The title can show before the rules' sections arrive: wait for them rather than count once.
    await expect.poll(() => page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(1);
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, info.outputPath(`rules-phone-${info.project.name}.png`));
    await expectNoSeriousA11yViolations(page);
  });
});
