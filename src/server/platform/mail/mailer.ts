import { desc, eq, lt } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema/platform';
import type { Clock } from '../clock';

/** A file sent with a message (e.g. the year-end statement's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go when not to the sender (e.g. the partners inbox, or the person who wrote in). */
  replyTo?: string;
  attachments?: MailAttachment[];
}

/** The line the development outbox adds to a message's text for each file it was sent with. */
export const attachmentNote = (a: MailAttachment) =>
  `[Attached: ${a.filename} (${a.contentType}, ${a.content.length} bytes)]`;

export interface OutboxMessage extends Omit<MailMessage, 'replyTo' | 'attachments'> {
  id: string;
  seq: number;
  from: string;
  sentAt: Date;
}

/** The mail platform: SMTP in production, a database-backed outbox for development and tests. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer, loaded with the first message so a server without SMTP_URL never loads it. */
export function createSmtpMailer(opts: { url: string; from: string }): Mailer & { close(): void } {
  let transport: Promise<Transporter> | undefined;
  let closed = false;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => {
      const t = nodemailer.createTransport(opts.url);
      if (closed) t.close();
      return t;
    }));
  return {
    kind: 'smtp',
    async send(message) {
      await (await connect()).sendMail({ from: opts.from, ...message });
    },
    close() {
      closed = true;
      // A transport that failed to load has nothing to close.
      void transport?.then(
        (t) => t.close(),
        () => {},
      );
    },
  };
}

/**
 * Stores each message instead of sending it; /dev/mail lists them so a newcomer can click the links. It keeps
 * no files: an attachment is named at the end of the text (what SMTP would have attached, and its size).
 */
export function createOutboxMailer(opts: { db: Db; from: string; clock: Clock }) {
  const { db, from, clock } = opts;
  return {
    kind: 'outbox' as const,
    async send(message: MailMessage) {
      const { to, subject, html } = message;
      const notes = (message.attachments ?? []).map(attachmentNote);
      const text = notes.length ? `${message.text}\n${notes.join('\n')}\n` : message.text;
      await db.insert(devOutbox).values({ to, subject, text, html, from, sentAt: clock.now() });
    },
    /** The newest `limit` messages, or the newest of those inserted before `beforeSeq`. */
    async list(limit = 50, beforeSeq?: number): Promise<OutboxMessage[]> {
      return db
        .select()
        .from(devOutbox)
        .where(beforeSeq === undefined ? undefined : lt(devOutbox.seq, beforeSeq))
        .orderBy(desc(devOutbox.seq))
        .limit(limit);
    },
    async get(id: string): Promise<OutboxMessage | undefined> {
      const [row] = await db.select().from(devOutbox).where(eq(devOutbox.id, id));
      return row;
    },
  };
}
export type OutboxMailer = ReturnType<typeof createOutboxMailer>;
