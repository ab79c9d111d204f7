import type { Locator, Page } from '@playwright/test';
import { acceptRules, expect, expectNoSeriousA11yViolations, isPhone, keepScreenshot, test } from './fixtures';

/**
 * Nothing covers what the fan needs, checked by element geometry: toasts leave the submit area, the grid and
 * the fan's code uncovered; the Knicks board's Fan Page link sits in the page (nothing floats over the form);
 * after an entry the fan's code and its cell are in view; the baseball join modal fits.
 * Windows of 1280x800 and 390x844, as the fan's screens were checked.
 */

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b as Box;
}

/** The element's box lies inside the window (the visual viewport the fan sees). */
async function expectInWindow(page: Page, l: Locator) {
  const b = await box(l);
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  expect(b.y, 'top in the window').toBeGreaterThanOrEqual(0);
  expect(b.y + b.height, 'bottom in the window').toBeLessThanOrEqual(height);
  expect(b.x, 'left in the window').toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, 'right in the window').toBeLessThanOrEqual(width);
}

/** Nothing is drawn over the element's centre (a scroll container's edge, a sticky bar, a toast). */
async function expectOnTop(l: Locator) {
  const onTop = await l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(onTop, 'nothing covers the element').toBe(true);
}

async function expectUncovered(cover: Locator, covered: Locator, what: string) {
  if ((await covered.count()) === 0 || !(await covered.isVisible())) return;
  expect(overlap(await box(cover), await box(covered)), `${what} is not covered`).toBe(0);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(isPhone(page) ? { width: 390, height: 844 } : { width: 1280, height: 800 });
});

test("the Fan Page link sits in the page, covering nothing, and the entry's toast covers nothing needed", async ({
  page,
}, info) => {
  await page.goto('/east-game-board');
  const fanPage = page.getByTestId('fan-page-link');
  const submit = page.getByRole('button', { name: 'Submit Entry' });
  await expect(fanPage).toBeVisible();
  await expect(fanPage).toHaveAttribute('href', '/fan-page');
  // In the page's flow beside Back, not floating: it scrolls away with the page and covers nothing.
  expect(await fanPage.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  await page.getByLabel('Phone number').fill(isPhone(page) ? '+12125550101' : '+12125550102');
  await page.getByLabel('Nickname').fill('Brunson');
  await page.getByRole('button', { name: '$10' }).click();
  await expectOnTop(fanPage);
  await submit.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await expectOnTop(submit);
  await keepScreenshot(page, test.info().outputPath(`fan-page-link-${info.project.name}.png`), { visibleOnly: true });
  await expectNoSeriousA11yViolations(page);

  await acceptRules(page);
  await submit.click();
  const toast = page.getByTestId('toaster');
  await expect(toast.getByText('Game Board Entry Submitted!')).toBeVisible();
  const code = page.getByTestId('my-code');
  const cell = page.locator('td[data-mine]').first();
  await page.waitForTimeout(300);
  await keepScreenshot(page, test.info().outputPath(`entered-knicks-${info.project.name}-pre.png`), {
    visibleOnly: true,
  });
  await expect(async () => {
    await expectInWindow(page, code);
    await expectInWindow(page, cell);
    await expectUncovered(toast, submit, 'the submit button');
    await expectUncovered(toast, page.locator('table'), 'the grid');
    await expectUncovered(toast, code, "the fan's code");
  }).toPass();
  await keepScreenshot(page, test.info().outputPath(`entered-knicks-${info.project.name}.png`), { visibleOnly: true });
  await expectNoSeriousA11yViolations(page);
});

test("an entry's toast leaves the submit area and the grid uncovered, with the code and its cell in view", async ({
  page,
}, info) => {
  await page.goto('/game-board');
  await page.getByLabel('Phone number').fill(isPhone(page) ? '+12125550103' : '+12125550104');
  await page.getByLabel('Nickname').fill('Shai');
  await page.getByRole('button', { name: '$5' }).click();
  const submit = page.getByRole('button', { name: 'Submit Entry' });
  await acceptRules(page);
  await submit.click();
  const toast = page.getByTestId('toaster');
  await expect(toast.getByText('Game Entry Created!')).toBeVisible();
  await expect(async () => {
    await expectInWindow(page, page.getByTestId('my-code'));
    await expectInWindow(page, page.locator('td[data-mine]').first());
    await expectUncovered(toast, submit, 'the submit button');
    await expectUncovered(toast, page.locator('table'), 'the grid');
    await expectUncovered(toast, page.getByTestId('my-code'), "the fan's code");
  }).toPass();
  await keepScreenshot(page, test.info().outputPath(`entered-thunder-${info.project.name}.png`), { visibleOnly: true });
  await expectNoSeriousA11yViolations(page);
});

test('an error toast leaves the form’s button uncovered', async ({ page }, info) => {
  await page.goto('/game-info');
  await page.getByRole('button', { name: '$5', exact: true }).click();
  await page.getByLabel('Confirmation code').fill('ZZZ');
  const proceed = page.getByRole('button', { name: 'Proceed with Donation' });
  await proceed.click();
  const toast = page.getByTestId('toaster');
  await expect(toast.getByText('Donation not recorded')).toBeVisible();
  await expectUncovered(toast, proceed, 'Proceed with Donation');
  await keepScreenshot(page, test.info().outputPath(`error-toast-${info.project.name}.png`), { visibleOnly: true });
  await expectNoSeriousA11yViolations(page);
});

test('the baseball join modal fits the window with its submit visible and its fields unclipped', async ({
  page,
}, info) => {
  await page.goto('/baseball-games');
  await page.getByRole('button', { name: 'Join Game Board: Dodgers vs Giants' }).click();
  const modal = page.getByRole('dialog', { name: 'Join Dodgers vs Giants' });
  await expect(modal).toBeVisible();
  const submit = modal.getByRole('button', { name: 'Submit Entry' });
  await expectInWindow(page, submit);
  await expectOnTop(submit);
  if (!isPhone(page)) {
    // On a desktop window nothing in the modal needs scrolling: every field is whole and in the window.
    for (const field of await modal.locator('input').all()) {
      await expectInWindow(page, field);
      await expectOnTop(field);
    }
    const scroll = await modal.locator('form').evaluate((form) => {
      const card = form.parentElement as HTMLElement;
      return card.scrollHeight - card.clientHeight;
    });
    expect(scroll).toBeLessThanOrEqual(0);
  }
  await keepScreenshot(page, test.info().outputPath(`baseball-modal-${info.project.name}.png`), { visibleOnly: true });
  if (isPhone(page)) {
    // On a phone the fields scroll under the submit, which stays in view.
    await modal.getByLabel('Game code').scrollIntoViewIfNeeded();
    await expectOnTop(submit);
    await expectInWindow(page, submit);
  }
  await expectNoSeriousA11yViolations(page);
});
