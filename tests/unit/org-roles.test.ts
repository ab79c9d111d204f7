import { describe, expect, it } from 'vitest';
import { createOrgSchema } from '../../src/shared/contracts/orgs';
import {
  mayGrant,
  type OrgPermission,
  orgCan,
  orgRoles,
  orgSlugProblem,
  orgStatements,
} from '../../src/shared/domain/org-roles';

const every = Object.entries(orgStatements).flatMap(([resource, actions]) =>
  actions.map((action) => `${resource}:${action}` as OrgPermission),
);
const granted = (role: (typeof orgRoles)[number]) => every.filter((p) => orgCan(role, p));

describe('organization roles (shared/domain/org-roles)', () => {
  it('owner has everything; admin all but ownership; staff board operations; viewer reads and exports', () => {
    expect(granted('owner')).toEqual(every);
    expect(every.filter((p) => !orgCan('admin', p))).toEqual(['organization:delete', 'money:update']);
    const staff = granted('staff');
    for (const p of [
      'board:create',
      'board:open',
      'board:lock',
      'board:score',
      'entry:collect',
      'freeEntry:create',
      'claim:manage',
    ] as const) {
      expect(staff).toContain(p);
    }
    expect(staff.filter((p) => /^(organization|member|invitation|money):(?!read)/.test(p))).toEqual([]);
    expect(staff).not.toContain('invitation:read');
    expect(granted('viewer').every((p) => p.endsWith(':read'))).toBe(true);
    expect(granted('viewer')).toContain('export:read');
    expect(orgCan('viewer', 'board:lock')).toBe(false);
    // Each role has no more than the one above it.
    for (const [above, below] of orgRoles.slice(1).map((r, i) => [orgRoles[i] ?? 'owner', r] as const)) {
      expect(
        granted(below).filter((p) => !orgCan(above, p)),
        `${below} ⊆ ${above}`,
      ).toEqual([]);
    }
  });

  it('only owners grant, change or take the owner and admin roles; admins manage staff and viewers', () => {
    for (const role of orgRoles) expect(mayGrant('owner', role, 'owner')).toBe(true);
    expect(mayGrant('admin', 'staff')).toBe(true);
    expect(mayGrant('admin', 'viewer', 'staff')).toBe(true);
    expect(mayGrant('admin', 'admin')).toBe(false);
    expect(mayGrant('admin', 'owner')).toBe(false);
    expect(mayGrant('admin', 'viewer', 'admin')).toBe(false);
    expect(mayGrant('admin', 'staff', 'owner')).toBe(false);
    for (const role of orgRoles) {
      expect(mayGrant('staff', role)).toBe(false);
      expect(mayGrant('viewer', role)).toBe(false);
    }
  });

  it('an address: 3-40 lowercase letters, digits and single dashes, not a reserved word', () => {
    for (const ok of ['abc', 'eastside-boosters', 'team-42', 'a1b', 'x'.repeat(40)])
      expect(orgSlugProblem(ok), ok).toBeNull();
    for (const bad of [
      'ab',
      'x'.repeat(41),
      'Abc',
      'a--b',
      '-ab',
      'ab-',
      'a_b',
      'a b',
      'é-club',
      'admin',
      'api',
      'new',
      'orgs',
    ]) {
      expect(orgSlugProblem(bad), bad).not.toBeNull();
    }
  });

  it('the create form: optional fields may be empty; an EIN is stored as 12-3456789, an email in lower case', () => {
    expect(
      createOrgSchema.parse({ name: ' Club ', slug: 'the-club', cause: '', contactEmail: 'A@B.co', ein: '123456789' }),
    ).toEqual({ name: 'Club', slug: 'the-club', cause: null, contactEmail: 'a@b.co', ein: '12-3456789' });
  });
});
