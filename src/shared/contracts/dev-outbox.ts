import { z } from 'zod';

/**
 * The development outbox as the /dev/mail screen reads it: the emails and the texts this server would have
 * sent, 100 a page, newest first. Only served outside production, with the outbox mailer and the dev text outbox.
 */
export const DEV_OUTBOX_PAGE_SIZE = 100;

/**
 * A page of the dev outbox older than `before`: the `older` cursor of the page before it. An email's cursor
 * is its insertion number; a text's is its creation time (ms) and id, `<ms>_<id>`. No cursor: the newest page.
 */
export const devMailPageQuerySchema = z.object({
  before: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'before must be the older cursor of a page of emails')
    .optional(),
});
export const devTextsPageQuerySchema = z.object({
  before: z
    .string()
    .regex(
      /^\d{1,15}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      'before must be the older cursor of a page of texts',
    )
    .optional(),
});

/** The cursor of the next older page (`before`), or null when this page holds the oldest one. */
const olderCursor = z.string().nullable();

export const devMailListSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      from: z.string(),
      subject: z.string(),
      text: z.string(),
      sentAt: z.string(),
    }),
  ),
  older: olderCursor,
});
export type DevMailList = z.infer<typeof devMailListSchema>;

export const devTextsSchema = z.object({
  texts: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      body: z.string(),
      /** The outbox's state of the text: sent here means it reached the dev outbox. */
      status: z.enum(['queued', 'sending', 'sent', 'failed', 'skipped']),
      at: z.string(),
    }),
  ),
  older: olderCursor,
});
export type DevTexts = z.infer<typeof devTextsSchema>;
