import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Twilio's REST API: POST /2010-04-01/Accounts/{Sid}/Messages.json, form-encoded, with
 * HTTP basic auth (Account SID : auth token). It answers as Twilio does: 201 with a Message resource, or an
 * error body `{ code, message, more_info, status }` (401 for bad credentials, 404 for another path). A test
 * scripts the next answers with `script`: a Twilio error, a bare 5xx from a proxy, or no answer at all.
 */
export type FakeAnswer =
  | 'ok'
  | { status: number; code: number; message: string }
  | { status: 502; html: true }
  | { hangMs: number };

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Every authenticated send request the fake received, in order. */
  received: { to: string; from: string; body: string }[];
  script(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

const hex = (n: number) => randomBytes(n).toString('hex');
const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  // Twilio's own test sending number (its magic From for test credentials): our sender, never a fan's phone.
  const from = '+15005550006';
  const queue: FakeAnswer[] = [];
  const received: FakeTwilio['received'] = [];
  const hanging = new Set<ServerResponse>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const twilioError = (res: ServerResponse, status: number, code: number, message: string) =>
    json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
    if (req.method !== 'POST' || req.url !== path) {
      return twilioError(res, 404, 20404, `The requested resource ${req.url} was not found`);
    }
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return json(res, 401, {
        code: 20003,
        detail: 'Your AccountSid or AuthToken was incorrect.',
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    }
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return twilioError(res, 400, 20001, 'Content-Type must be application/x-www-form-urlencoded');
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    received.push({ to, from: form.get('From') ?? '', body });
    const answer = queue.shift() ?? 'ok';
    if (answer === 'ok') {
      const sid = `SM${hex(16)}`;
      const now = rfc2822(new Date());
      return json(res, 201, {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: form.get('From'),
        messaging_service_sid: null,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    }
    if ('hangMs' in answer) {
      hanging.add(res);
      setTimeout(() => {
        hanging.delete(res);
        if (!res.destroyed) twilioError(res, 500, 20500, 'Internal Server Error');
      }, answer.hangMs).unref();
      return;
    }
    if ('html' in answer) {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html><body>502 Bad Gateway</body></html>');
    }
    return twilioError(res, answer.status, answer.code, answer.message);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    from,
    received,
    script: (...answers) => queue.push(...answers),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
