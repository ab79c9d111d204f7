import type { Organization } from '../../../shared/contracts/orgs';
import { ORG_SLUG_MAX } from '../../../shared/domain/org-roles';

/** The text fields of an organization's form, as typed (the contract makes '' none). */
export interface OrgFormValues {
  name: string;
  cause: string;
  contactEmail: string;
  ein: string;
}

/**
 * An address suggested from the organization's name while the address is untouched: lowercase letters and
 * digits, single dashes between words, at most ORG_SLUG_MAX characters ('Lincoln High Boosters' →
 * 'lincoln-high-boosters'; an accented letter without its accent, 'Crème' → 'creme'). The contract still checks
 * it (length, reserved words).
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, ORG_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

/** The edit form's values of an organization as it is. */
export const formValuesOf = (org: Organization): OrgFormValues => ({
  name: org.name,
  cause: org.cause ?? '',
  contactEmail: org.contactEmail ?? '',
  ein: org.ein ?? '',
});

/**
 * The PATCH body of an edit: only the fields that changed (a cleared field is sent as '' which the contract
 * makes none); the logo when it changed ('' clears it).
 */
export function changesOf(org: Organization, values: OrgFormValues, logo: string) {
  const before = formValuesOf(org);
  const changes: Partial<Record<keyof OrgFormValues, string>> & { logo?: string | null } = {};
  for (const key of Object.keys(before) as (keyof OrgFormValues)[]) {
    if (values[key].trim() !== before[key]) changes[key] = values[key];
  }
  if (logo !== (org.logo ?? '')) changes.logo = logo || null;
  return changes;
}
