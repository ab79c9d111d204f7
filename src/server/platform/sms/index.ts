// The text platform: the Sms port, Twilio and the dev outbox behind it, and the outbox every text goes through.
export { createOutboxSms, type DevText, type OutboxSms } from './dev-outbox';
export { smsJobs } from './jobs';
export {
  createSmsOutbox,
  type DrainResult,
  type EnqueueResult,
  type SmsOutbox,
  smsOutboxEveryMs,
  type TextToSend,
} from './outbox';
export { type Sms, type SmsMessage, SmsSendError } from './sms';
export { createTwilioSms, messagingResponse, type TwilioSettings, twilioSignatureValid } from './twilio';
