import type { Page } from '@playwright/test';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { acceptRules, expect, expectNoSeriousA11yViolations, keepScreenshot, lockAndScore, test } from './fixtures';

const sizes = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Every row and column label's text lies inside its chip (nothing spills or is clipped). */
async function labelsFit(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('table th')].flatMap((th) => {
      const chip = th.getBoundingClientRect();
      const spill = [...th.querySelectorAll('span:not(.sr-only)')].some((el) => el.scrollWidth > el.clientWidth + 1);
      // Each visible text's own extent (a word wider than its chip overflows without widening its span).
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      let textSpills = false;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.sr-only') || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const box of range.getClientRects()) {
          if (
            box.left < chip.left - 0.5 ||
            box.right > chip.right + 0.5 ||
            box.top < chip.top - 0.5 ||
            box.bottom > chip.bottom + 0.5
          )
            textSpills = true;
        }
      }
      return spill || textSpills ? [th.textContent ?? ''] : [];
    }),
  );
}

test.describe('board marks', () => {
  for (const size of sizes) {
    test(`row and column labels fit their chips for the longest team names at ${size.width}x${size.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      // 'Timberwolves' and 'Warriors' are the longest demo team names on a board's rows.
      for (const [url, first] of [
        ['/boards/thunder-timberwolves', 'Timberwolves 0'],
        ['/boards/lakers-warriors', 'Warriors 0'],
      ] as const) {
        await page.goto(url);
        // This checks the labels' fit, not the load time: the suite's first journeys meet a cold server.
        await expect(page.getByRole('rowheader', { name: first })).toBeVisible({ timeout: 20_000 });
        expect(await labelsFit(page)).toEqual([]);
        await keepScreenshot(page, test.info().outputPath(`labels-${url.split('/').at(-1)}-${size.width}.png`));
      }
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('a scored period’s winning cell is in its colour, named in the legend', async ({ page }) => {
    await lockAndScore(page, 'finals-game-7', { period: 'q1', teamAScore: 27, teamBScore: 22 });

    await page.goto('/finals-game-7');
    const legend = page.getByRole('list', { name: 'Board legend' });
    await expect(legend.getByRole('listitem').first()).toHaveText(
      /^1st quarter \(blue\): 27-22, (won by [A-Z0-9]{3}, prize \$\d+|no entry, prize rolled over to [^·]+) · Entered by the organizer$/,
    );
    const winner = page.locator('td[data-winner="blue"]');
    await expect(winner).toHaveCount(1);
    await expect(winner).toHaveAccessibleName(/1st quarter winning cell$/);
    await expect(winner).toHaveClass(/bg-blue-700/);
    await expectNoSeriousA11yViolations(page);
    await keepScreenshot(page, test.info().outputPath('legend.png'));
  });

  for (const motion of ['no-preference', 'reduce'] as const) {
    test(`the fan's own code ${motion === 'reduce' ? 'keeps a steady outline under reduced motion' : 'blinks every 500 ms for 5 s'}`, async ({
      page,
    }, info) => {
      await page.emulateMedia({ reducedMotion: motion });
      // A board no other journey fills (facts.spec.ts fills cubs-brewers).
      await page.goto('/mariners-diamondbacks-game');
      await page
        .getByLabel('Phone number')
        .fill(fictionPhone(500 + (motion === 'reduce' ? 0 : 2) + (info.project.name === 'phone' ? 0 : 1)));
      await page.getByLabel('Nickname').fill('Ernie');
      await page.getByRole('button', { name: '$5', exact: true }).click();
      await acceptRules(page);
      await page.getByRole('button', { name: 'Submit Entry' }).click();
      const mine = page.locator('td[data-mine]');
      await expect(mine).toHaveCount(1);
      await expect(mine).toHaveAccessibleName(/, your code$/);
      await expect(mine).toHaveCSS('outline-style', 'solid');
      if (motion === 'reduce') {
        await expect(mine).toHaveCSS('animation-name', 'none');
      } else {
        // 1 s cycles (500 ms outlined, 500 ms not), 5 of them: it stops by itself within 5 s (WCAG 2.2.2).
        await expect(mine).toHaveCSS('animation-name', 'fg-mine-blink');
        await expect(mine).toHaveCSS('animation-duration', '1s');
        await expect(mine).toHaveCSS('animation-iteration-count', '5');
      }
      await expectNoSeriousA11yViolations(page);
    });
  }
});
