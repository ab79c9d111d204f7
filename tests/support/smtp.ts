import { SMTPServer } from 'smtp-server';

/** One message an SMTP sink took in: the envelope sender and recipients, and the raw message. */
export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that keeps every message it is sent, in order. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes the body of a message's text or HTML part (single-part or multipart; quoted-printable or base64). */
export function decodePart(raw: string, type: 'text/plain' | 'text/html'): string {
  const idx = raw.toLowerCase().indexOf(`content-type: ${type}`);
  if (idx === -1) throw new Error(`no ${type} part`);
  const rest = raw.slice(idx);
  const headerEnd = rest.indexOf('\r\n\r\n');
  const headers = rest.slice(0, headerEnd).toLowerCase();
  let body = rest.slice(headerEnd + 4);
  const boundary = body.search(/\r\n--/);
  if (boundary !== -1) body = body.slice(0, boundary);
  if (headers.includes('quoted-printable')) {
    body = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
    body = Buffer.from(body, 'latin1').toString('utf8');
  }
  if (headers.includes('base64')) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body.replace(/\r\n/g, '\n');
}

/** The attachments of a raw multipart message: each part sent with `Content-Disposition: attachment`. */
export function attachmentsOf(raw: string) {
  const found: { filename: string; contentType: string; content: Buffer }[] = [];
  for (const part of raw.split(/\r\n--[^\r\n]+\r\n/)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) continue;
    // Folded header lines (a long value goes on after CRLF and whitespace) are unfolded first.
    const headers = part.slice(0, headerEnd).replace(/\r\n[ \t]+/g, ' ');
    if (!/^content-disposition: attachment/im.test(headers)) continue;
    const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? '';
    const contentType = /^content-type: ([^;\r\n]+)/im.exec(headers)?.[1]?.trim() ?? '';
    if (!/^content-transfer-encoding: base64/im.test(headers)) throw new Error(`${filename} is not base64`);
    const body = part.slice(headerEnd + 4).split(/\r\n--/)[0] ?? '';
    found.push({ filename, contentType, content: Buffer.from(body.replace(/\s+/g, ''), 'base64') });
  }
  return found;
}
