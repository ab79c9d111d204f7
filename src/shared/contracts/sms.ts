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
