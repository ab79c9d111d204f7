import type { Browser, Page, TestInfo } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  fanPassword,
  followEmailLink,
  isPhone,
  keepScreenshot,
  openEmail,
  signUp,
  test,
  watchLayoutShift,
} from './fixtures';

const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#f97316"/></svg>';

/** The phone project checks each screen at 390x844, the narrowest phone the screens are made for. */
async function phoneSized(page: Page) {
  if (isPhone(page)) await page.setViewportSize({ width: 390, height: 844 });
}

/** How much the screen moved since it loaded, not by input (cumulative layout shift). */
type Shift = Awaited<ReturnType<typeof watchLayoutShift>>;

/** Axe, no sideways scroll, and (given the page's shift watch) nothing moved as its content arrived. */
async function checkScreen(page: Page, shift?: Shift) {
  if (shift) expect(await shift.total(), `layout shift on ${new URL(page.url()).pathname}`).toBeLessThan(0.05);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  const name = new URL(page.url()).pathname.split('/').slice(1, 3).join('-');
  await keepScreenshot(page, test.info().outputPath(`${name}-${Date.now()}.png`));
}

/** Fills the open sign-up form and sends it; the confirmation email is then on its way. */
async function fillSignUp(page: Page, person: { name: string; phone: string; email: string }) {
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('Phone').fill(person.phone);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(fanPassword);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your email!')).toBeVisible();
}

/**
 * A second browser (its own cookies) with the project's device, failing the test on a console error, like the
 * `page` fixture does for the first.
 */
async function secondBrowser(browser: Browser, info: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
  const page = await context.newPage();
  const problems: string[] = [];
  const expected = /Failed to load resource: the server responded with a status of (400|401|403|409|410)\b/;
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !expected.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return { context, page, problems };
}

test.describe('organizations', () => {
  test('sign up, create an organization, invite staff who accepts in a second browser; the owner sees them as staff', async ({
    page,
    browser,
  }, info) => {
    const tag = `${info.project.name}-${Date.now()}`;
    const owner = { name: 'Olive Owner', phone: '+12025550141', email: `owner-${tag}@example.com` };
    const staff = { name: 'Sam Staff', phone: '+12025550142', email: `staff-${tag}@example.com` };
    const orgName = `Lincoln Boosters ${tag}`;
    const slug = `lincoln-${tag}`;
    await phoneSized(page);
    const shift = await watchLayoutShift(page);

    // A visitor is sent to sign in, and signing up comes back to the organizations.
    await page.goto('/orgs');
    await expect(page).toHaveURL('/login?next=%2Forgs');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await fillSignUp(page, owner);
    await followEmailLink(page, 'Confirm your FanGrid account', owner.email);
    await expect(page).toHaveURL('/orgs');
    await expect(page.getByRole('heading', { name: 'No organization yet' })).toBeVisible();
    await checkScreen(page, shift);

    // The signed-in menu leads here too.
    await page.goto('/home');
    await page.getByRole('link', { name: 'Your organizations' }).click();
    await expect(page).toHaveURL('/orgs');
    await page.getByRole('link', { name: 'Create an organization' }).click();

    // /orgs/new: the address follows the name; a taken address is told beside its field.
    await expect(page).toHaveURL('/orgs/new');
    await expect(page.getByRole('heading', { name: 'Create an organization' })).toBeVisible();
    await page.getByLabel('Name').fill(orgName);
    await expect(page.getByLabel('Address')).toHaveValue(`lincoln-boosters-${tag}`);
    await expect(page.getByText(`/o/lincoln-boosters-${tag}`)).toBeVisible();
    await page.getByLabel('Address').fill('fangrid-demo');
    await page.getByLabel('Cause (optional)').fill('New uniforms for the marching band.');
    await page.getByLabel('Contact email (optional)').fill(owner.email);
    await page.getByLabel('Logo file').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(logoSvg),
    });
    await expect(page.getByRole('img', { name: 'Uploaded logo preview' })).toBeVisible();
    await checkScreen(page);
    await page.getByRole('button', { name: 'Create organization' }).click();
    const address = page.getByLabel('Address');
    await expect(address).toHaveAccessibleDescription(/This address is taken/);
    await expect(address).toBeFocused();
    await address.fill(slug);
    await page.getByRole('button', { name: 'Create organization' }).click();

    // The organization's overview: its owner's role, and the invitation of a staff member.
    await expect(page).toHaveURL(`/orgs/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
    await expect(page.locator('main header img')).toHaveAttribute('src', /^\/uploads\/[\w-]+\.svg$/);
    await expect(page.getByText('New uniforms for the marching band.').first()).toBeVisible();
    const members = page.getByRole('region', { name: 'Members' });
    await expect(members.getByRole('listitem').filter({ hasText: owner.email })).toContainText('Owner');
    // The only owner is offered neither a role change nor leaving.
    await expect(members.getByRole('combobox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Leave organization' })).toHaveCount(0);
    const invitations = page.getByRole('region', { name: 'Invitations' });
    await invitations.getByLabel('Email').fill(staff.email);
    await expect(invitations.getByLabel('Role')).toHaveValue('staff');
    await invitations.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invitations.getByRole('listitem').filter({ hasText: staff.email })).toContainText(
      'Waiting for an answer',
    );
    await checkScreen(page);

    // The invitee, in a second browser: the emailed link, then sign-up and confirmation bring them back to it.
    const invitee = await secondBrowser(browser, info);
    const p2 = invitee.page;
    await phoneSized(p2);
    const shift2 = await watchLayoutShift(p2);
    const email = await openEmail(p2, `Join ${orgName} on FanGrid`, staff.email);
    await email.getByRole('link').first().click();
    await expect(p2).toHaveURL(/\/invitations\/[\w-]+$/);
    const invitationPath = new URL(p2.url()).pathname;
    await expect(p2.getByRole('heading', { name: 'Sign in to see your invitation' })).toBeVisible();
    await checkScreen(p2, shift2);
    await p2.getByRole('link', { name: 'Create an account' }).click();
    await fillSignUp(p2, staff);
    await followEmailLink(p2, 'Confirm your FanGrid account', staff.email);
    await expect(p2).toHaveURL(invitationPath);
    await expect(p2.getByRole('heading', { name: orgName })).toBeVisible();
    await expect(p2.getByText('Invites you as')).toContainText('Staff');
    await checkScreen(p2, shift2);
    await p2.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(p2).toHaveURL(`/orgs/${slug}`);
    await expect(p2.getByText('Your role:')).toContainText('Staff');
    // Staff see the members but change nobody, and see no invitations.
    await expect(p2.getByRole('region', { name: 'Members' }).getByRole('combobox')).toHaveCount(0);
    await expect(p2.getByRole('region', { name: 'Invitations' })).toHaveCount(0);
    await checkScreen(p2);
    // The link works once.
    await p2.goto(invitationPath);
    await expect(p2.getByText('This invitation was already used or cancelled.')).toBeVisible();
    expect(invitee.problems, 'console errors in the second browser').toEqual([]);
    await invitee.context.close();

    // The owner's list, then the member list: it shows them as staff, whom the owner may now move to another role.
    await page.goto('/orgs');
    const listed = page.getByRole('link', { name: new RegExp(orgName) });
    await expect(listed).toContainText('Owner');
    await checkScreen(page, shift);
    await shift.reset();
    await listed.click();
    const row = members.getByRole('listitem').filter({ hasText: staff.email });
    await expect(row).toContainText('Staff');
    await expect(row.getByLabel(`Role of ${staff.name}`)).toHaveValue('staff');
    await expect(invitations.getByRole('listitem').filter({ hasText: staff.email })).toContainText('Accepted');
    await checkScreen(page, shift);

    // By keyboard alone, the owner makes them a viewer.
    const role = row.getByLabel(`Role of ${staff.name}`);
    await role.focus();
    if (isPhone(page)) await role.selectOption('viewer');
    else await page.keyboard.press('ArrowDown');
    await expect(role).toHaveValue('viewer');
    await page.keyboard.press('Tab');
    await expect(row.getByRole('button', { name: 'Change role' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${staff.name} is now viewer`)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Change role' })).toBeDisabled();

    // A fresh load of the create screen holds still too.
    await page.goto('/orgs/new');
    await expect(page.getByLabel('Name')).toBeVisible();
    await checkScreen(page, shift);
  });
});

test.describe('an outsider', () => {
  // The organization's screen asks the server, which answers 404 to anyone who is not a member.
  test.use({ alsoExpectedStatuses: [404] });

  test("learns nothing of an organization that is not theirs, nor of another's invitation", async ({ page }, info) => {
    await phoneSized(page);
    const tag = `${info.project.name}-${Date.now()}`;
    await signUp(page, { name: 'Otto Outsider', phone: '+12025550143', email: `outsider-${tag}@example.com` });
    await page.goto('/orgs/fangrid-demo');
    await expect(page.getByRole('heading', { name: 'Organization not found.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Members' })).toHaveCount(0);
    await checkScreen(page);
    await page.goto('/invitations/not-yours');
    await expect(page.getByRole('heading', { name: 'Invitation not found.' })).toBeVisible();
    await checkScreen(page);
  });
});
