import { boardScreenPaths, gamingCategoryPaths, gamingTournamentPaths, paths } from '../../src/web/app/paths';
import { expect, expectNoSidewaysScroll, isPhone, test } from './fixtures';
import { layoutProblems } from './layout-checks';

/**
 * Nothing covers anything, on every public fan screen on a phone: no two interactive elements overlap, every
 * target is 24 px or spaced as WCAG 2.2 asks, nothing floating covers a control or text (at the default scroll
 * and at the bottom), and no text is cut off without meaning to be (rules: layout-checks.ts). One visit per
 * screen, its checks in one evaluate. The admin screens are left out; screens that need a token or a team in
 * their address (the claim page, a game player portal) are checked by their own journeys.
 */
const needsMore: ReadonlySet<string> = new Set([paths.devMail, paths.claim, paths.gamePlayer, paths.boards]);
const screens = [
  ...new Set([
    ...Object.values(paths).filter((p) => !needsMore.has(p)),
    ...boardScreenPaths,
    ...gamingCategoryPaths,
    ...gamingTournamentPaths,
    `${paths.boards}/knicks-vs-pacers`,
  ]),
];

/** The screen has rendered: a heading is on it and its requests are done. */
async function settled(page: import('@playwright/test').Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('every fan screen on a phone: no overlaps, 24 px targets, nothing floating over content, no clipped text', async ({
  page,
}) => {
  test.skip(!isPhone(page), 'the phone layout is the crowded one; the desktop board is checked below');
  test.setTimeout(600_000);
  for (const screen of screens) {
    await page.goto(screen);
    await settled(page);
    expect.soft(await layoutProblems(page), screen).toEqual([]);
    await expectNoSidewaysScroll(page);
  }
});

test("on a wide screen nothing floats over the Knicks board ('Verify the draw' included)", async ({ page }) => {
  test.skip(isPhone(page), 'the phone run above checks every screen');
  await page.goto(paths.eastGameBoard);
  await settled(page);
  await expect(page.getByText('Verify the draw').first()).toBeAttached();
  expect(await layoutProblems(page, { rules: ['covering', 'overlap'] })).toEqual([]);
});
