import http from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
}

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The response body when the server refused the stream (JSON), else undefined. */
  body: unknown;
  /** Every event received so far, in order (comments and `retry:` lines are not events). */
  events: SseEvent[];
  /** The first event (from index `from`) matching `match`, waiting for it until `timeoutMs` passes. */
  waitFor(match: (e: SseEvent) => boolean, opts?: { timeoutMs?: number; from?: number }): Promise<SseEvent>;
  /**
   * The events received once `enough` says so, or all of them when `timeoutMs` passes first (so a test can
   * also see that nothing arrived).
   */
  collect(enough: (events: SseEvent[]) => boolean, opts?: { timeoutMs?: number }): Promise<SseEvent[]>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  /** Closes the connection from the client side: `reset` sends a TCP RST instead of a FIN. */
  close(how?: 'end' | 'reset'): void;
}

/**
 * Opens a Server-Sent Events stream over a real socket, optionally from a given local address
 * (127.0.0.x on Linux), and parses its events as they arrive.
 */
export function openEventStream(url: string, opts: { localAddress?: string } = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress: opts.localAddress, agent: false }, (res) => {
      const events: SseEvent[] = [];
      let buffer = '';
      let bodyText = '';
      let markEnded = () => {};
      const ended = new Promise<void>((r) => {
        markEnded = r;
      });
      res.on('close', () => markEnded());
      res.on('error', () => markEnded());
      const sse = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!sse) {
          bodyText += chunk;
          return;
        }
        buffer += chunk;
        for (let i = buffer.indexOf('\n\n'); i !== -1; i = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ event, data: JSON.parse(data.join('\n')) });
        }
      });
      const stream: EventStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        get body() {
          return bodyText ? JSON.parse(bodyText) : undefined;
        },
        events,
        async waitFor(match, { timeoutMs = 5000, from = 0 } = {}) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const found = events.slice(from).find(match);
            if (found) return found;
            if (Date.now() > deadline) {
              throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
            }
            await new Promise((r) => setTimeout(r, 10));
          }
        },
        async collect(enough, { timeoutMs = 5000 } = {}) {
          const deadline = Date.now() + timeoutMs;
          while (!enough(events) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
          return [...events];
        },
        ended,
        close(how = 'end') {
          if (how === 'reset') req.socket?.resetAndDestroy();
          else req.destroy();
        },
      };
      if (sse) resolve(stream);
      else res.on('end', () => resolve(stream));
    });
    req.on('error', reject);
  });
}

/** Polls `check` until it returns true or `timeoutMs` passes (for things that take real network time). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
