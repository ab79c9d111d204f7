import type twilio from 'twilio';
import { z } from 'zod';
import { type Sms, SmsSendError } from './sms';

type Twilio = typeof twilio;
type RequestOptions<TData> = Parameters<typeof twilio.RequestClient.prototype.request<TData>>[0];

/**
 * Twilio's SDK, loaded the first time a text is sent or an inbound text arrives: a server that texts
 * through the dev outbox never loads it.
 */
let sdk: Promise<Twilio> | undefined;
const loadTwilio = () => (sdk ??= import('twilio').then((m) => m.default));

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164). */
  from: string;
  /**
   * Where Twilio's REST API is: https://api.twilio.com, or a local fake of it (tests) or a self-hosted proxy.
   * Requests keep their path (/2010-04-01/Accounts/{Sid}/Messages.json) under this origin.
   */
  apiBase: string;
  /** How long one request may take before it counts as a timeout (retried later). */
  timeoutMs: number;
}

/**
 * Twilio's own HTTP client, sending every request to `apiBase` instead of api.twilio.com: the package's
 * `httpClient` hook takes any RequestClient, and the request it is given is already complete (form body,
 * basic auth, headers), so only its origin changes.
 */
function baseUrlRequestClient(sdk: Twilio, apiBase: URL, timeoutMs: number) {
  class BaseUrlRequestClient extends sdk.RequestClient {
    override request<TData>(opts: RequestOptions<TData>) {
      const target = new URL(opts.uri);
      const uri = new URL(`${apiBase.pathname.replace(/\/+$/, '')}${target.pathname}${target.search}`, apiBase.origin);
      return super.request<TData>({ ...opts, uri: uri.href });
    }
  }
  return new BaseUrlRequestClient({ timeout: timeoutMs, keepAlive: false });
}

/** The part of Twilio's Message resource FanGrid reads back after a send. */
const sentMessageSchema = z.object({ sid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/) });

/** Why a request failed, as Twilio says it (`code` and `message` of its error body), else the HTTP status. */
function describe(err: { status?: number; code?: number; message?: string }): string {
  const code = err.code ? ` ${err.code}` : '';
  return `Twilio${code} (HTTP ${err.status}): ${err.message ?? 'request failed'}`;
}

/** Texts through Twilio's Programmable Messaging (POST /2010-04-01/Accounts/{Sid}/Messages.json). */
export function createTwilioSms(settings: TwilioSettings): Sms {
  let client: Promise<ReturnType<Twilio>> | undefined;
  const connect = () =>
    (client ??= loadTwilio().then((sdk) =>
      sdk(settings.accountSid, settings.authToken, {
        httpClient: baseUrlRequestClient(sdk, new URL(settings.apiBase), settings.timeoutMs),
      }),
    ));
  return {
    kind: 'twilio',
    async send({ to, body }) {
      const sdk = await loadTwilio();
      const twilioClient = await connect();
      let sent: unknown;
      try {
        sent = await twilioClient.messages.create({ to, from: settings.from, body });
      } catch (err) {
        if (err instanceof sdk.RestException) {
          // A 5xx or a 429 (too many requests) may pass later; any other 4xx is Twilio refusing this text.
          const retryable = err.status >= 500 || err.status === 429;
          throw new SmsSendError(describe(err), retryable, err.status);
        }
        // No answer: a timeout, a refused or dropped connection. Twilio may take it on the next try.
        const reason = err instanceof Error ? err.message : String(err);
        throw new SmsSendError(`Twilio unreachable: ${reason}`, true);
      }
      const parsed = sentMessageSchema.safeParse(sent);
      if (!parsed.success) {
        // Twilio answered 2xx but not with a message: it may have taken the text, so it is not sent again.
        throw new SmsSendError('Twilio answered without a message id; not retried', false);
      }
      return { providerId: parsed.data.sid };
    },
  };
}

/**
 * Whether an inbound webhook really comes from Twilio: its X-Twilio-Signature over the URL Twilio called
 * (the public URL, with any query string) and the form's fields, keyed with the account's auth token.
 */
export async function twilioSignatureValid(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): Promise<boolean> {
  if (!signature) return false;
  return (await loadTwilio()).validateRequest(authToken, signature, url, params);
}

/** A TwiML answer to an inbound text: `reply` as a text back, or nothing. */
export async function messagingResponse(reply?: string): Promise<string> {
  const response = new (await loadTwilio()).twiml.MessagingResponse();
  if (reply) response.message(reply);
  return response.toString();
}
