import { z } from 'zod';

export const smsErrorCodes = {
  /** An inbound webhook without Twilio's valid X-Twilio-Signature. */
  signature: 'SMS_SIGNATURE',
  /** A signed inbound webhook without the fields of a text (sender, message id). */
  inbound: 'SMS_INBOUND',
} as const;

/**
 * Twilio's inbound messaging webhook (form-encoded), the fields FanGrid reads. Twilio sends many more; the
 * signature covers all of them, so the route checks it over the whole form before reading these.
 */
export const smsInboundSchema = z.object({
  MessageSid: z.string().trim().min(1).max(64),
  From: z.string().trim().min(1).max(64),
  Body: z.string().max(1600).default(''),
});
export type SmsInbound = z.infer<typeof smsInboundSchema>;

/** The dev outbox's texts, as /dev/mail lists them beside the emails. */
/** The dev outbox lists 100 emails and 100 texts a page, newest first. */
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
  /** The cursor of the next older page (`before`), or null when this page holds the oldest text. */
  older: z.string().nullable(),
});
export type DevTexts = z.infer<typeof devTextsSchema>;
