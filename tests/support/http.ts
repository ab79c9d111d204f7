import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/server/db/client';
import { devOutbox } from '../../src/server/db/schema';

export const ORIGIN = 'http://localhost:3000';

/** A tiny cookie jar over app.inject: keeps what Set-Cookie says and sends it back. */
export class Client {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: LightMyRequestResponse) {
    const raw = res.headers['set-cookie'];
    for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get(url: string, headers: Record<string, string> = {}) {
    return this.remember(
      await this.app.inject({
        method: 'GET',
        url,
        remoteAddress: this.ip,
        headers: { cookie: this.cookieHeader, ...headers },
      }),
    );
  }

  /** Any method, with the browser's Origin (state-changing requests need it). */
  async send(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
    return this.remember(
      await this.app.inject({
        method,
        url,
        remoteAddress: this.ip,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: { origin: ORIGIN, cookie: this.cookieHeader },
      }),
    );
  }

  async delete(url: string) {
    return this.send('DELETE', url);
  }

  async post(url: string, payload: unknown = {}, headers: Record<string, string> = {}) {
    return this.remember(
      await this.app.inject({
        method: 'POST',
        url,
        remoteAddress: this.ip,
        payload: payload as object,
        headers: { origin: ORIGIN, cookie: this.cookieHeader, ...headers },
      }),
    );
  }
}

export async function latestMailTo(db: Db, to: string) {
  const [row] = await db.select().from(devOutbox).where(eq(devOutbox.to, to)).orderBy(desc(devOutbox.seq)).limit(1);
  return row;
}

/** The first link in an email's text, as a path + query for app.inject. */
export function linkIn(text: string): string {
  const m = text.match(/https?:\/\/\S+/);
  if (!m) throw new Error(`no link in: ${text}`);
  const url = new URL(m[0]);
  return `${url.pathname}${url.search}`;
}
