import { paths } from '../../app/paths';

/** An organization's public page, by its slug. */
export const orgPagePath = (slug: string) => `${paths.orgPage}/${encodeURIComponent(slug)}`;
/** The gift form of an organization's public page. */
export const orgDonatePath = (slug: string) => `${orgPagePath(slug)}/donate`;
