/** One text to send: `key` names it in the outbox (one recipient, one event), so it is sent once. */
export interface SmsMessage {
  to: string;
  body: string;
  key: string;
}

/** The text platform: Twilio in production, a database-backed dev outbox for development and tests. */
export interface Sms {
  readonly kind: 'twilio' | 'outbox';
  /** Hands the text to the provider; resolves with the provider's id of the message, or throws SmsSendError. */
  send(message: SmsMessage): Promise<{ providerId: string }>;
}

/**
 * A send that did not go through. `retryable`: the provider may take it later (a 5xx, a 429, a timeout, a
 * network error); otherwise the provider refused this text for good (a 4xx, with the provider's message).
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
