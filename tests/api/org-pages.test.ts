import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrganization } from '../../src/server/db/demo-organization';
import { apiPaths } from '../../src/shared/contracts/paths';
import type { PublicOrg } from '../../src/shared/contracts/public-orgs';
import { signedInFan } from '../support/accounts';
import { newGameBoardBody } from '../support/boards';
import { fictionPhone } from '../support/fiction-phones.mjs';
import { Client } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';
import { signedInAdmin } from './fake-feed';

/** `GET /api/public/orgs/:org`: an organization's public page, its boards to come and what its boards raised. */

let ctx: TestContext;
let admin: Client;
let ip = 1;
let key = 0;
const fan = () => new Client(ctx.app, `10.79.0.${ip++}`);

beforeAll(async () => {
  ctx = await createTestApp({ settings: { entryLimitPerMinute: 10_000 } });
  admin = await signedInAdmin(ctx.app, '10.79.1.1');
});
afterAll(() => ctx?.close());

const page = async (slug: string) => {
  const res = await fan().get(apiPaths.publicOrgs.org(slug));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=30');
  return res.json<PublicOrg>();
};

async function createBoard(slug: string, minutes: number) {
  const res = await admin.post(
    apiPaths.admin.boards,
    newGameBoardBody('knicks', slug, ctx.clock.now(), minutes, {
      mode: 'sweepstakes',
      entryRule: { kind: 'presets-or-custom', presetsCents: [500, 1000], minCents: 500 },
      paymentRequired: false,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
}

async function pledge(slug: string, amountCents: number) {
  const n = key++;
  const res = await fan().post(apiPaths.boardEntries(slug), {
    phone: fictionPhone(500 + n),
    nickname: `P${n}`,
    amountCents,
    ageConfirmed: true,
    rulesAccepted: true,
    state: 'OH',
    idempotencyKey: `org-page-${n}-key`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry as { id: string };
}

describe('an organization’s public page', () => {
  it('names the organization and lists its boards to come, open ones and upcoming ones', async () => {
    await createBoard('org-page-soon', 45);
    await createBoard('org-page-later', 60 * 24);
    const demo = await page(demoOrganization.slug);
    expect(demo.organization).toMatchObject({ slug: 'fangrid-demo', name: 'FanGrid Demo', suspended: false });
    const listed = new Map(demo.boards.map((b) => [b.slug, b.state]));
    expect(listed.get('org-page-soon')).toBe('open');
    expect(listed.get('org-page-later')).toBe('upcoming');
    const starts = demo.boards.map((b) => b.startsAt);
    expect(starts).toEqual([...starts].sort());
  });

  it('counts money that came in and stays: a collected pledge, not an outstanding one nor one owed back', async () => {
    const before = (await page(demoOrganization.slug)).raisedCents;
    const collected = await pledge('org-page-soon', 1000);
    await pledge('org-page-soon', 500);
    expect((await admin.post(apiPaths.admin.entryPaid(collected.id))).statusCode).toBe(200);
    expect((await page(demoOrganization.slug)).raisedCents).toBe(before + 1000);
    // A cancelled board's collected cash is owed back to its fans: no longer raised.
    expect((await admin.post(apiPaths.admin.boardCancel('org-page-soon'))).statusCode).toBe(200);
    const after = await page(demoOrganization.slug);
    expect(after.raisedCents).toBe(before);
    expect(after.boards.map((b) => b.slug)).not.toContain('org-page-soon');
  });

  it("shows another organization's own page only: none of FanGrid Demo's boards or money", async () => {
    const owner = await signedInFan(ctx.database.db, fan(), {
      email: 'org-page-owner@fangrid.test',
      name: 'Page Owner',
      phone: fictionPhone(900),
    });
    const made = await owner.post(apiPaths.orgs.orgs, {
      name: 'Lakeside Boosters',
      slug: 'lakeside-boosters',
      cause: 'Band trips',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await page('lakeside-boosters')).toEqual({
      organization: {
        slug: 'lakeside-boosters',
        name: 'Lakeside Boosters',
        logo: null,
        cause: 'Band trips',
        contactEmail: null,
        suspended: false,
      },
      boards: [],
      raisedCents: 0,
    });
  });

  it('answers 404 for an unknown organization and 400 for a malformed address, never 500', async () => {
    const unknown = await fan().get(apiPaths.publicOrgs.org('no-such-org'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    for (const bad of [
      'Fangrid-Demo',
      'a',
      'x'.repeat(41),
      'fangrid--demo',
      'fangrid_demo',
      '%00',
      'api',
      'fangrid%2Ddemo%2F',
    ]) {
      const res = await fan().get(`/api/public/orgs/${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    // Dot segments leave the route: no page, and no error either.
    for (const dots of ['..', '%2e%2e']) {
      expect((await fan().get(`/api/public/orgs/${dots}`)).statusCode, dots).toBe(404);
    }
  });
});
