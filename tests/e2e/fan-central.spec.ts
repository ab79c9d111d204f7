import type { Page } from '@playwright/test';
import {
  acceptRules,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  scrollToEnd,
  signIn,
  signUp,
  test,
} from './fixtures';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toast = (page: Page, title: string) => page.getByRole('region', { name: 'Notifications' }).getByText(title);

async function openFanCentral(page: Page) {
  await page.goto('/fan-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Fan Central' })).toBeVisible();
  await expect(region(page, 'Profile')).toBeVisible();
}

test.describe('Fan Central for a visitor (kept in this browser)', () => {
  test("shows 'Loading...' until the profile is loaded, then every empty state and 'Not set'", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/fan-page');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    release();
    await expect(region(page, 'Profile')).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expect(page).toHaveTitle('Fan Central · FanGrid');
    await expect(page.getByText('Saved in this browser only.')).toBeVisible();

    const profile = region(page, 'Profile');
    await expect(profile.getByRole('term')).toHaveText(['Name', 'Favorite mascot', 'Favorite college']);
    await expect(profile.getByRole('definition')).toHaveText(['Not set', 'Not set', 'Not set']);
    await expect(region(page, 'Trophy Case').getByText('Your trophy case is empty')).toBeVisible();
    await expect(region(page, 'Game Tracker').getByText('No games tracked yet')).toBeVisible();
    await expect(region(page, 'Entered Games').getByText('No games entered yet')).toBeVisible();
    await expect(region(page, 'Gaming Profile').getByText('No achievements tracked yet')).toBeVisible();
    await expect(region(page, 'Gaming Profile').getByText('No trophies tracked yet')).toBeVisible();
    await expect(region(page, 'Gaming Profile').getByRole('definition').filter({ hasText: 'Not set' })).toHaveCount(4);
    const stats = region(page, 'Fan Stats');
    for (const label of ['Favorite Teams', 'Trophy Items', 'Available Games', 'Favorite Stars']) {
      await expect(stats.getByRole('term').filter({ hasText: label })).toBeVisible();
    }
    await expect(stats.getByRole('definition')).toHaveText(['0', '0', '0', '0']);
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
  });

  test('Back goes to the previous page, or home when Fan Central was opened directly', async ({ page }) => {
    await page.goto('/sports');
    await page.getByRole('main').getByRole('link', { name: 'Fan Page' }).click();
    await expect(page).toHaveURL('/fan-page');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL('/sports');
    await openFanCentral(page);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL('/home');
  });

  test('profile card: Edit, Save, Cancel restores the saved values; kept after a reload', async ({ page }) => {
    await openFanCentral(page);
    const card = region(page, 'Profile');
    await card.getByRole('button', { name: 'Edit profile' }).click();
    await expect(card.getByLabel('Name')).toBeFocused();
    await card.getByLabel('Name').fill('J');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(card.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await card.getByLabel('Name').fill('Jordan Fan');
    await card.getByLabel('Favorite mascot').fill('Boomer');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile saved')).toBeVisible();
    await expect(card.getByRole('definition').filter({ hasText: 'Jordan Fan' })).toBeVisible();
    await expect(card.getByRole('definition').filter({ hasText: 'Boomer' })).toBeVisible();
    await expect(card.getByRole('definition').filter({ hasText: 'Not set' })).toHaveCount(1);
    await expect(card.getByRole('button', { name: 'Edit profile' })).toBeFocused();

    // Cancel throws the edits away and shows the saved values again.
    await card.getByRole('button', { name: 'Edit profile' }).click();
    await card.getByLabel('Name').fill('Someone Else');
    await card.getByLabel('Favorite college').fill('Duke');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByRole('definition').filter({ hasText: 'Jordan Fan' })).toBeVisible();
    await expect(card.getByText('Someone Else')).toHaveCount(0);
    await card.getByRole('button', { name: 'Edit profile' }).click();
    await expect(card.getByLabel('Name')).toHaveValue('Jordan Fan');
    await expect(card.getByLabel('Favorite college')).toHaveValue('');
    await card.getByRole('button', { name: 'Cancel' }).click();

    await page.reload();
    await expect(region(page, 'Profile').getByRole('definition').filter({ hasText: 'Jordan Fan' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('fanProfile') ?? '{}'));
    expect(stored).toMatchObject({ name: 'Jordan Fan', favoriteMascot: 'Boomer', favoriteCollege: null });
  });

  test("favorites: Enter or plus adds, empty and duplicate entries are ignored, 'golf' shows its 8-second message", async ({
    page,
  }) => {
    await page.clock.install();
    await openFanCentral(page);
    const favorites = region(page, 'Favorites');
    const sports = favorites.getByRole('list', { name: 'Favorite Sports' });
    await favorites.getByRole('button', { name: 'Add to Favorite Sports' }).click();
    const input = favorites.getByLabel('Add a favorite sport');

    await input.fill('Basketball');
    await input.press('Enter');
    await expect(sports.getByRole('listitem')).toHaveText(['Basketball']);
    await expect(input).toHaveValue('');

    await input.fill('   ');
    await favorites.getByRole('button', { name: 'Add favorite sport', exact: true }).click();
    await input.fill('BASKETBALL');
    await favorites.getByRole('button', { name: 'Add favorite sport', exact: true }).click();
    await expect(favorites.getByText('BASKETBALL is already in your favorite sports')).toBeVisible();
    await expect(sports.getByRole('listitem')).toHaveCount(1);

    // The toast pauses while the pointer rests on it; keep the pointer away to time it.
    await page.mouse.move(1, 1);
    await input.fill('gOlF');
    await input.press('Enter');
    await expect(sports.getByRole('listitem')).toHaveText(['Basketball', 'gOlF']);
    const golf = toast(page, 'Golf is a game, not a sport');
    await expect(golf).toBeVisible();
    await expect(page.getByText('Golf is not a sport here, but golf game play will be available soon!')).toBeVisible();
    await page.clock.runFor(7000);
    await expect(golf).toBeVisible();
    await page.clock.runFor(1500);
    await expect(golf).toHaveCount(0);

    await favorites.getByRole('button', { name: 'Add to Favorite Teams' }).click();
    const teams = favorites.getByLabel('Add a favorite team');
    await teams.fill('Pacers');
    await teams.press('Enter');
    await favorites.getByRole('button', { name: 'Add to Favorite Stars' }).click();
    await favorites.getByLabel('Add a favorite star').fill('Caitlin Clark');
    await favorites.getByRole('button', { name: 'Add favorite star', exact: true }).click();
    await expect(favorites.getByRole('list', { name: 'Favorite Stars' }).getByRole('listitem')).toHaveText([
      'Caitlin Clark',
    ]);
    await expect(region(page, 'Fan Stats').getByRole('definition')).toHaveText(['1', '0', '0', '1']);

    await favorites.getByRole('button', { name: 'Remove Basketball from favorite sports' }).click();
    await expect(sports.getByRole('listitem')).toHaveText(['gOlF']);
    await page.reload();
    await expect(
      region(page, 'Favorites').getByRole('list', { name: 'Favorite Sports' }).getByRole('listitem'),
    ).toHaveText(['gOlF']);
    await expectNoSidewaysScroll(page);
  });

  test('trophy case and game tracker: required fields, logo by default, status switching, counted in the stats', async ({
    page,
  }) => {
    await openFanCentral(page);
    const trophies = region(page, 'Trophy Case');
    await trophies.getByRole('button', { name: 'Add an item to your trophy case' }).click();
    await trophies.getByRole('button', { name: 'Add to Trophy Case' }).click();
    await expect(trophies.getByText('Trophy name is required')).toBeVisible();
    await expect(trophies.getByText('Team is required')).toBeVisible();
    await expect(trophies.getByLabel('Type')).toHaveValue('logo');
    await trophies.getByLabel('Item name').fill('Finals Logo');
    await trophies.getByLabel('Team').fill('Pacers');
    await trophies.getByRole('button', { name: 'Add to Trophy Case' }).click();
    const item = trophies.getByRole('listitem', { name: 'Finals Logo' });
    await expect(item).toContainText('Logo · Pacers');
    await expect(trophies.getByText('Your trophy case is empty')).toHaveCount(0);
    await trophies.getByLabel('Type').selectOption('bobblehead');
    await trophies.getByLabel('Item name').fill('Reggie Bobblehead');
    await trophies.getByLabel('Team').fill('Pacers');
    await trophies.getByRole('button', { name: 'Add to Trophy Case' }).click();
    await expect(trophies.getByRole('listitem', { name: 'Reggie Bobblehead' })).toContainText('Bobblehead');
    await trophies.getByRole('button', { name: 'Remove Finals Logo' }).click();
    await expect(item).toHaveCount(0);

    const tracker = region(page, 'Game Tracker');
    await expect(tracker.getByText('Saved in this browser.')).toBeVisible();
    await tracker.getByRole('button', { name: 'Add a game' }).click();
    await tracker.getByLabel('Title').fill('Hollow Knight: Silksong');
    await tracker.getByLabel('Description').fill('Hornet explores a new kingdom.');
    await tracker.getByLabel('Category').fill('Action');
    await tracker.getByRole('button', { name: 'Add Game' }).click();
    const game = tracker.getByRole('listitem', { name: 'Hollow Knight: Silksong' });
    await expect(game).toContainText('Available');
    await expect(game.getByRole('button', { name: /^Mark Available/ })).toBeDisabled();
    await expect(game.getByLabel('Expected release date')).toHaveCount(0);
    await expect(region(page, 'Fan Stats').getByRole('definition')).toHaveText(['0', '1', '1', '0']);
    await game.getByRole('button', { name: /^Mark Coming Soon/ }).click();
    await expect(game.getByRole('button', { name: /^Mark Coming Soon/ })).toBeDisabled();
    await game.getByLabel('Expected release date').fill('2025-09-04');
    await game.getByRole('button', { name: /^Save date/ }).click();
    await expect(game).toContainText('Expected release: Sep 4, 2025');
    await expect(region(page, 'Fan Stats').getByRole('definition')).toHaveText(['0', '1', '0', '0']);

    // The gaming hub's game manager shows the same local list.
    await page.goto('/gaming');
    await scrollToEnd(page, region(page, 'Game Manager'));
    await expect(region(page, 'Game Manager').getByRole('listitem', { name: 'Hollow Knight: Silksong' })).toContainText(
      'Expected release: Sep 4, 2025',
    );
    await expectNoSidewaysScroll(page);
  });

  test('gaming profile: handles with their own edit mode, import from the gaming page, stream links, achievements and trophies', async ({
    page,
  }) => {
    await openFanCentral(page);
    const gaming = region(page, 'Gaming Profile');

    await gaming.getByRole('button', { name: 'Import from Gaming Page' }).click();
    await expect(toast(page, 'No Gaming Profile Found')).toBeVisible();
    await expect(page.getByText('Please fill out your gaming profile on the Gaming Page first.')).toBeVisible();

    await gaming.getByRole('button', { name: 'Edit gaming handles' }).click();
    await gaming.getByLabel('PlayStation Network ID').fill('9bad');
    await gaming.getByLabel('Steam profile name').fill('@gordon_f');
    await gaming.getByRole('button', { name: 'Save' }).click();
    await expect(
      gaming.getByText('PSN IDs are 3–16 letters, numbers, hyphens or underscores, starting with a letter'),
    ).toBeVisible();
    await gaming.getByLabel('PlayStation Network ID').fill('Kratos_Fan');
    await gaming.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Gaming Profile Updated!')).toBeVisible();
    await expect(page.getByText('Your gaming information has been saved.')).toBeVisible();
    await expect(gaming.getByRole('definition').filter({ hasText: 'gordon_f' })).toBeVisible();

    // The gaming page profile lives on the gaming hub.
    await gaming.getByRole('link', { name: 'Gaming Page profile' }).click();
    await expect(page).toHaveURL('/gaming#gaming-page-profile');
    const pageProfile = region(page, 'Gaming Page Profile');
    await pageProfile.getByRole('button', { name: 'Edit gaming page profile' }).click();
    await pageProfile.getByLabel('Player name').fill('JordanPlays');
    await pageProfile.getByLabel('Xbox gamertag').fill('Master Chief');
    await pageProfile.getByLabel('Epic Games display name').fill('Jonesy.Builds');
    await pageProfile.getByLabel('Twitch username').fill('abc');
    await pageProfile.getByRole('button', { name: 'Save' }).click();
    await expect(pageProfile.getByText('Twitch usernames are 4–25 letters, numbers or underscores')).toBeVisible();
    await pageProfile.getByLabel('Twitch username').fill('@fangrid_live');
    await pageProfile.getByLabel('YouTube handle').fill('FanGridClips');
    await pageProfile.getByLabel('TikTok username').fill('fangrid.plays');
    await pageProfile.getByLabel('Instagram username').fill('fangrid');
    await pageProfile.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Gaming Page Profile saved')).toBeVisible();
    await expect(pageProfile.getByRole('definition').filter({ hasText: 'fangrid_live' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/fan-page');
    await region(page, 'Gaming Profile').getByRole('button', { name: 'Import from Gaming Page' }).click();
    await expect(toast(page, 'Gaming Profile Copied!')).toBeVisible();
    await expect(page.getByText('Your gaming handles have been imported from the Gaming Page.')).toBeVisible();
    const handles = region(page, 'Gaming Profile').getByRole('definition');
    await expect(handles.filter({ hasText: 'Master Chief' })).toBeVisible();
    await expect(handles.filter({ hasText: 'Jonesy.Builds' })).toBeVisible();
    await expect(handles.filter({ hasText: 'Kratos_Fan' })).toBeVisible(); // kept: the page had no PSN ID

    const channels = region(page, 'Gaming Profile').getByRole('list', { name: 'Your channels' });
    const expected: Array<[RegExp, string]> = [
      [/^Twitch/, 'https://www.twitch.tv/fangrid_live'],
      [/^YouTube/, 'https://www.youtube.com/@FanGridClips'],
      [/^TikTok/, 'https://www.tiktok.com/@fangrid.plays'],
      [/^Instagram/, 'https://www.instagram.com/fangrid'],
    ];
    for (const [name, href] of expected) {
      const link = channels.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    // Achievements: rarity, platform, and a tracking link that must be http(s).
    await page.getByRole('button', { name: 'Add an achievement' }).click();
    const add = page.getByRole('form', { name: 'Add an achievement' });
    await add.getByRole('button', { name: 'Add Achievement' }).click();
    await expect(add.getByText('Game is required')).toBeVisible();
    await expect(add.getByText('Achievement name is required')).toBeVisible();
    await expect(add.getByText('Choose a platform from the list')).toBeVisible();
    await add.getByLabel('Game').fill('Elden Ring');
    await add.getByLabel('Achievement name').fill('Elden Lord');
    await add.getByLabel('Platform').selectOption('PlayStation');
    await add.getByLabel('Rarity').selectOption('legendary');
    await add.getByLabel('Date earned (optional)').fill('2025-06-01');
    await add.getByLabel('Live tracking link (optional)').fill('javascript:alert(1)');
    await add.getByRole('button', { name: 'Add Achievement' }).click();
    await expect(add.getByText('Enter a full web address starting with http:// or https://')).toBeVisible();
    await add.getByLabel('Live tracking link (optional)').fill('https://psnprofiles.com/trophy/elden-lord');
    await add.getByRole('button', { name: 'Add Achievement' }).click();
    const achievement = region(page, 'Gaming Profile').getByRole('listitem', { name: 'Elden Lord' });
    await expect(achievement).toContainText('Legendary');
    await expect(achievement).toContainText('Elden Ring · PlayStation · Earned Jun 1, 2025');
    const tracking = achievement.getByRole('link', { name: /^Live tracking/ });
    await expect(tracking).toHaveAttribute('href', 'https://psnprofiles.com/trophy/elden-lord');
    await expect(tracking).toHaveAttribute('rel', 'noopener noreferrer');

    await achievement.getByRole('button', { name: /^Edit link/ }).click();
    const linkInput = achievement.getByLabel('Tracking link for Elden Lord');
    await expect(linkInput).toBeFocused();
    await linkInput.fill('data:text/html,hi');
    await achievement.getByRole('button', { name: 'Save link' }).click();
    await expect(achievement.getByText('Enter a full web address starting with http:// or https://')).toBeVisible();
    await linkInput.fill('https://live.example.com/elden');
    await achievement.getByRole('button', { name: 'Save link' }).click();
    await expect(toast(page, 'Achievement Updated!')).toBeVisible();
    await expect(page.getByText('Live tracking link has been saved.')).toBeVisible();
    await expect(tracking).toHaveAttribute('href', 'https://live.example.com/elden');

    // Trophies: bronze to platinum.
    await page.getByRole('button', { name: 'Add a trophy' }).click();
    const addTrophy = page.getByRole('form', { name: 'Add a trophy' });
    await expect(addTrophy.getByLabel('Trophy type')).toHaveValue('bronze');
    await addTrophy.getByLabel('Game').fill('Astro Bot');
    await addTrophy.getByLabel('Trophy name').fill('Platinum Bot');
    await addTrophy.getByLabel('Trophy type').selectOption('platinum');
    await addTrophy.getByLabel('Platform').selectOption('PlayStation');
    await addTrophy.getByRole('button', { name: 'Add Trophy' }).click();
    await expect(region(page, 'Gaming Profile').getByRole('listitem', { name: 'Platinum Bot' })).toContainText(
      'Platinum',
    );
    await expect(region(page, 'Gaming Profile').getByText('No trophies tracked yet')).toHaveCount(0);

    await page.reload();
    await expect(region(page, 'Gaming Profile').getByRole('listitem', { name: 'Elden Lord' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
  });

  test('entered games are the real board entries with their real status', async ({ page }) => {
    await page.goto('/game-board');
    await page.getByLabel('Phone number').fill('+12025550186');
    await page.getByLabel('Nickname').fill('FanC');
    await page.getByRole('button', { name: '$5' }).click();
    await acceptRules(page);
    await page.getByRole('button', { name: 'Submit Entry' }).click();
    await expect(page.getByText('Game Entry Created!')).toBeVisible();
    const code = (await page.getByTestId('my-code').textContent()) ?? '';

    await openFanCentral(page);
    const entered = region(page, 'Entered Games');
    const entry = entered.getByRole('listitem', { name: 'Thunder vs Timberwolves' });
    await expect(entry).toContainText(code);
    await expect(entry).toContainText('Pending');
    await entered.getByRole('link', { name: 'See entry details' }).click();
    await expect(page).toHaveURL('/entered');
  });
});

test.describe('Fan Central for a signed-in fan (kept on the server)', () => {
  test('local data (with an old bets list) is imported once on sign-in, then survives a new browser', async ({
    page,
    browser,
  }, info) => {
    // What a visitor kept before signing up, including an older app's 'bets' list.
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem(
        'fanProfile',
        JSON.stringify({
          id: 'old-profile',
          name: 'Local Larry',
          favoriteSports: ['Hockey', 'hockey'],
          favoriteTeams: ['Pacers'],
          favoriteStars: [],
          favoriteMascot: '',
          favoriteCollege: 'Purdue',
          trophyCase: [{ id: 't1', type: 'bobblehead', name: 'Reggie', team: 'Pacers', dateAdded: '2025-05-01' }],
          bets: [
            { id: 'b1', title: 'NBA 2K26', description: 'Basketball sim', category: 'Sports', status: 'available' },
          ],
        }),
      );
      localStorage.setItem(
        'gamingProfile',
        JSON.stringify({
          psnHandle: 'Larry_PSN',
          achievements: [{ id: 'a1', game: 'Elden Ring', name: 'Elden Lord', platform: 'PlayStation', rarity: 'epic' }],
          trophies: [],
        }),
      );
      localStorage.setItem('gamingPageProfile', JSON.stringify({ twitchHandle: 'larry_live' }));
    });
    await openFanCentral(page);
    await expect(region(page, 'Game Tracker').getByRole('listitem', { name: 'NBA 2K26' })).toBeVisible();

    const email = `central-${info.project.name}-${Date.now()}@example.com`;
    await signUp(page, { email, name: 'Larry Fan', phone: '+12125550111' });

    // On sign-in FanGrid offers the import once and says what it brought.
    const dialog = page.getByRole('dialog', { name: 'Bring your fan data into your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'This browser has 2 favorites, 1 trophy case item, 1 tracked game, 1 achievement and 4 profile details.',
    );
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Import into my account' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Imported into your account')).toBeVisible();
    await expect(
      page.getByText('Imported 2 favorites, 1 trophy case item, 1 tracked game, 1 achievement and 4 profile details.'),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('fanProfile'))).toBeNull();

    await openFanCentral(page);
    await expect(page.getByText('Saved to your FanGrid account.')).toBeVisible();
    await expect(region(page, 'Profile').getByRole('definition').filter({ hasText: 'Local Larry' })).toBeVisible();
    await expect(region(page, 'Game Tracker').getByRole('listitem', { name: 'NBA 2K26' })).toBeVisible();
    await expect(region(page, 'Trophy Case').getByRole('listitem', { name: 'Reggie' })).toBeVisible();
    await expect(
      region(page, 'Favorites').getByRole('list', { name: 'Favorite Sports' }).getByRole('listitem'),
    ).toHaveText(['Hockey']);

    // Changes now go to the server.
    const card = region(page, 'Profile');
    await card.getByRole('button', { name: 'Edit profile' }).click();
    await card.getByLabel('Favorite mascot').fill('Boomer');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('definition').filter({ hasText: 'Boomer' })).toBeVisible();
    await region(page, 'Favorites').getByRole('button', { name: 'Add to Favorite Stars' }).click();
    await region(page, 'Favorites').getByLabel('Add a favorite star').fill('Tyrese Haliburton');
    await region(page, 'Favorites').getByLabel('Add a favorite star').press('Enter');
    await expect(region(page, 'Favorites').getByRole('list', { name: 'Favorite Stars' })).toContainText(
      'Tyrese Haliburton',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    expect(await page.evaluate(() => localStorage.getItem('fanProfile'))).toBeNull();

    // A new browser (no local storage): sign in and everything is there; no import is offered.
    const context = await browser.newContext({ viewport: page.viewportSize() });
    const other = await context.newPage();
    await signIn(other, email);
    await expect(other).toHaveURL('/home');
    await openFanCentral(other);
    await expect(region(other, 'Profile').getByRole('definition').filter({ hasText: 'Boomer' })).toBeVisible();
    await expect(region(other, 'Favorites').getByRole('list', { name: 'Favorite Stars' })).toContainText(
      'Tyrese Haliburton',
    );
    await expect(region(other, 'Gaming Profile').getByRole('listitem', { name: 'Elden Lord' })).toContainText('Epic');
    await expect(region(other, 'Gaming Profile').getByRole('link', { name: /^Twitch/ })).toHaveAttribute(
      'href',
      'https://www.twitch.tv/larry_live',
    );
    await expect(other.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });

  test("'Not now' keeps the local data in this browser and is not asked again; Fan Central still offers it", async ({
    page,
  }, info) => {
    await page.goto('/');
    await page.evaluate(() =>
      localStorage.setItem('fanProfile', JSON.stringify({ favoriteTeams: ['Fever'], trophyCase: [], games: [] })),
    );
    const email = `central-later-${info.project.name}-${Date.now()}@example.com`;
    await signUp(page, { email, name: 'Later Fan', phone: '+12125550111' });
    const dialog = page.getByRole('dialog', { name: 'Bring your fan data into your account?' });
    await expect(dialog).toContainText('1 favorite');
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toBeHidden();

    await openFanCentral(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(region(page, 'Favorites').getByText('No favorite teams yet')).toBeVisible();
    await page.getByRole('button', { name: 'Import it into my account' }).click();
    await page.getByRole('button', { name: 'Import into my account' }).click();
    await expect(page.getByText('Imported 1 favorite.')).toBeVisible();
    await expect(region(page, 'Favorites').getByRole('list', { name: 'Favorite Teams' })).toContainText('Fever');
    await expect(page.getByRole('button', { name: 'Import it into my account' })).toHaveCount(0);
  });
});
