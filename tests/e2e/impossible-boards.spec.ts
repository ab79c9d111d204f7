import type { Page } from '@playwright/test';
import { boardLimitMessages } from '../../src/shared/domain/board-limits';
import { entryRuleMessages } from '../../src/shared/domain/boards';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  isPhone,
  keepScreenshot,
  test,
} from './fixtures';

/**
 * An organizer describes a board that could never run: its highest amount is refused in the browser beside
 * the field, saying the $10,000 limit; its game's start, an hour ago, is refused by the server (it owns the
 * clock) beside the start field. Nothing is created. On the phone the messages fit the screen.
 */

/** 'YYYY-MM-DDTHH:mm' in local time, as a datetime-local input takes it. */
function localInput(date: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

async function enterAdmin(page: Page) {
  await page.goto('/admin-boards');
  await page.getByLabel('Passcode').fill('fangrid1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Second password').fill('game day');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Leave admin' })).toBeVisible();
}

test('an impossible board is refused with the problem named beside its field, and nothing is created', async ({
  page,
}, info) => {
  const slug = `impossible-${info.project.name}`;
  await enterAdmin(page);
  await page.getByRole('button', { name: 'Create a board' }).click();
  const form = page.getByRole('form', { name: 'Create a board' });
  await form.getByLabel('A new game').check();
  await form.getByLabel('League').fill('NBA');
  await form.getByLabel('Venue', { exact: true }).fill('Chase Center');
  await form.getByLabel('Team A (columns)').fill('Warriors');
  await form.getByLabel('Team B (rows)').fill(`Kings ${info.project.name}`);
  await form.getByLabel('Starts at (your local time)').fill(localInput(new Date(Date.now() - 60 * 60_000)));
  await form.getByLabel('Board address').fill(slug);
  await form.getByLabel('Organization').fill('Warriors Community Fund');
  await form.getByLabel('Entry rule').selectOption('range');
  await form.getByLabel('Highest amount ($)').fill('99999999');
  await form.getByRole('button', { name: 'Create board' }).click();

  const highest = form.getByLabel('Highest amount ($)');
  await expect(highest).toHaveAccessibleDescription(new RegExp(entryRuleMessages.tooHigh.replace('$', '\\$')));
  await highest.scrollIntoViewIfNeeded();
  await keepScreenshot(page, info.outputPath(`highest-amount-${isPhone(page) ? 'phone' : 'desktop'}.png`), {
    visibleOnly: true,
  });
  await highest.fill('20');
  await form.getByRole('button', { name: 'Create board' }).click();

  const start = form.getByLabel('Starts at (your local time)');
  await expect(start).toHaveAccessibleDescription(new RegExp(boardLimitMessages.gameStarted));
  await expect(form.getByRole('alert')).toHaveText(boardLimitMessages.gameStarted);
  await start.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, info.outputPath(`impossible-board-${isPhone(page) ? 'phone' : 'desktop'}.png`), {
    visibleOnly: true,
  });
  expect((await page.request.get(`/api/boards/${slug}`)).status()).toBe(404);
});
