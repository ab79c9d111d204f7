import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrganization } from '../../src/server/db/demo-organization';
import { devOutbox, donations, entries, organization } from '../../src/server/db/schema';
import { createLocalProvider } from '../../src/server/platform/payments';
import type { BoardView } from '../../src/shared/contracts/boards';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { CheckoutStarted } from '../../src/shared/contracts/payment-responses';
import { testCards } from '../../src/shared/domain/payments';
import { signedInFan } from '../support/accounts';
import { newGameBoardBody } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/**
 * An organization's boards and gifts: a board names the organization that runs it, a fan's entry supports its
 * board's organization whatever the fan sends, and a gift made to an organization is stored with it.
 */

const DAY = 86_400_000;
const secret = 'test-secret-for-organization-gifts-0123';
let ctx: TestContext;
let admin: Client;
let ip = 1;
const fan = () => new Client(ctx.app, `10.81.${Math.floor(++ip / 200)}.${ip % 200}`);

beforeAll(async () => {
  ctx = await createTestApp({
    payments: createLocalProvider({ publicUrl: 'http://localhost:3000', secret }),
    settings: { authSecret: secret, entryLimitPerMinute: 10_000 },
  });
  admin = await signedInAdmin(ctx.app, '10.81.250.1');
  const owner = await signedInFan(ctx.database.db, fan(), {
    email: 'gifts-owner@fangrid.test',
    name: 'Gifts Owner',
    phone: fictionPhone(910),
  });
  for (const [name, slug] of [
    ['Riverside Rowing', 'riverside-rowing'],
    ['Hillcrest Band', 'hillcrest-band'],
  ]) {
    const made = await owner.post(apiPaths.orgs.orgs, { name, slug, cause: 'Travel to meets' });
    expect(made.statusCode, made.body).toBe(201);
  }
  await ctx.database.db
    .update(organization)
    .set({ status: 'suspended' })
    .where(eq(organization.slug, 'hillcrest-band'));
});
afterAll(() => ctx?.close());

const gift = (email: string, extra: Record<string, unknown> = {}) => ({
  kind: 'game' as const,
  type: 'one-time' as const,
  amountCents: 2500,
  gameData: { title: 'Riverside Rowing' },
  donorName: 'Pat Rower',
  donorEmail: email,
  ...extra,
});

const storedDonation = async (reference: string) =>
  (await ctx.database.db.select().from(donations).where(eq(donations.reference, reference)))[0];
const mailsTo = (to: string) =>
  ctx.database.db.select().from(devOutbox).where(eq(devOutbox.to, to)).orderBy(desc(devOutbox.seq));

async function pay(c: Client, body: ReturnType<typeof gift>) {
  const started = await c.post(apiPaths.donations.checkout, body);
  expect(started.statusCode, started.body).toBe(201);
  const { sessionId, reference } = started.json<CheckoutStarted>();
  const paid = await c.post(apiPaths.payments.localPay(sessionId), {
    number: testCards.pays,
    expiry: '12/30',
    cvc: '123',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return reference;
}

describe('a board and its organization', () => {
  it('names the organization running it, with its page’s slug', async () => {
    const made = await admin.post(
      apiPaths.admin.boards,
      newGameBoardBody('knicks', 'org-named-board', ctx.clock.now(), 45),
    );
    expect(made.statusCode, made.body).toBe(201);
    const view = (await fan().get(apiPaths.board('org-named-board'))).json<BoardView>();
    expect(view.runBy).toEqual({ slug: demoOrganization.slug, name: demoOrganization.name });
    expect(view.organization).toBe('Knicks Cares');
  });

  it('stores the board’s organization on a fan’s entry, never one the fan sends', async () => {
    const res = await fan().post(apiPaths.boardEntries('org-named-board'), {
      phone: fictionPhone(911),
      nickname: 'Forger',
      organization: 'Forged Charity Inc',
      ageConfirmed: true,
      rulesAccepted: true,
      idempotencyKey: 'forged-organization-key',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await ctx.database.db
      .select({ organization: entries.organization })
      .from(entries)
      .where(eq(entries.id, res.json().entry.id));
    expect(stored?.organization).toBe('Knicks Cares');
  });
});

describe('a gift to an organization', () => {
  it('is stored with the organization, in integer cents, and its receipt names the organization', async () => {
    const email = 'rower@example.com';
    const reference = await pay(fan(), gift(email, { organization: 'riverside-rowing' }));
    const [org] = await ctx.database.db.select().from(organization).where(eq(organization.slug, 'riverside-rowing'));
    const stored = await storedDonation(reference);
    expect(stored).toMatchObject({ organizationId: org?.id, amountCents: 2500, status: 'completed' });
    expect(Number.isInteger(stored?.amountCents)).toBe(true);
    const [receipt] = (await mailsTo(email)).filter((m) => m.subject.includes('donation receipt'));
    expect(receipt?.text).toContain('Organization: Riverside Rowing');
    expect(receipt?.text).toContain('charitable gift to Riverside Rowing.');
    expect(receipt?.text).not.toContain('Game:');
  });

  it('names the organization, not what the page sent, and a gift without one stays with FanGrid', async () => {
    const named = await pay(
      fan(),
      gift('named@example.com', { organization: 'riverside-rowing', gameData: { title: 'X', organization: 'Other' } }),
    );
    expect((await storedDonation(named))?.gameData).toMatchObject({ organization: 'Riverside Rowing' });
    const plain = await pay(fan(), gift('plain@example.com', { gameData: { title: 'Sky vs Fever' } }));
    expect((await storedDonation(plain))?.organizationId).toBeNull();
  });

  it('a monthly gift follows its donation’s organization: every renewal names it', async () => {
    const email = 'monthly-rower@example.com';
    const reference = await pay(fan(), gift(email, { organization: 'riverside-rowing', type: 'recurring' }));
    expect((await storedDonation(reference))?.organizationId).not.toBeNull();
    await ctx.clock.tick(31 * DAY);
    const [renewal] = (await mailsTo(email)).filter((m) => m.subject.includes('monthly gift receipt'));
    expect(renewal?.subject).toContain(`${reference}-2`);
    expect(renewal?.text).toContain('Your monthly gift to Riverside Rowing renewed.');
  });

  it('refuses an unknown, a suspended or a malformed organization with 400 naming the field, storing nothing', async () => {
    for (const [slug, message] of [
      ['no-such-club', 'We could not find that organization.'],
      ['hillcrest-band', 'This organization is not taking gifts right now.'],
    ] as const) {
      const res = await fan().post(
        apiPaths.donations.checkout,
        gift(`refused-${slug}@example.com`, { organization: slug }),
      );
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().error).toMatchObject({ message, fields: { organization: message } });
    }
    const malformed = await fan().post(
      apiPaths.donations.checkout,
      gift('bad@example.com', { organization: 'Not A Slug' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().error.fields ?? {})).toContain('organization');
    const refused = await ctx.database.db
      .select()
      .from(donations)
      .where(eq(donations.donorEmail, 'refused-no-such-club@example.com'));
    expect(refused).toEqual([]);
  });

  it('takes amounts in whole cents only', async () => {
    const res = await fan().post(
      apiPaths.donations.checkout,
      gift('fraction@example.com', { organization: 'riverside-rowing', amountCents: 2500.5 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields?.amountCents).toBe('Amounts are in whole cents');
  });
});
