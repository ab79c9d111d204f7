import { z } from 'zod';

/** Internal app path (starts with a single slash). Page content may only link inside FanGrid. */
export const appPath = z.string().regex(/^\/(?!\/)[\w\-/]*$/);
/** Calendar date as YYYY-MM-DD (content dates are local to the event, so they carry no time zone). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A URL slug: lower-case words joined by hyphens. */
export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
/** Presentational colour token (hex), used for team and venue accents. */
export const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/** A flag as an emoji (two regional indicators, or a subdivision tag sequence such as England's). */
export const flagEmoji = z.string().regex(/^(?:\p{Regional_Indicator}{2}|\u{1F3F4}[\u{E0061}-\u{E007A}]+\u{E007F})$/u);
