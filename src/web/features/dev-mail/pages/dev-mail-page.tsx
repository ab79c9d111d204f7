import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { LoadFailed, Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { ApiClientError } from '../../../lib/api-client';
import { devMailQuery } from '../api';

/** Shows a message's text with its links clickable; nothing from the email is rendered as HTML. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-200">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
          <a key={i} href={part} className="font-semibold text-brand-300 underline">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

/** The development outbox: every email FanGrid "sent" while no SMTP server is configured. */
export function DevMailPage() {
  const mail = useQuery(devMailQuery);
  const off = mail.error instanceof ApiClientError && mail.error.status === 404;
  return (
    <Page title="Dev outbox" className="flex max-w-3xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-black text-white">Dev outbox</h1>
          <p className="text-slate-300">
            Emails FanGrid would have sent. Only in development, when no SMTP server is set.
          </p>
        </div>
        <Button variant="secondary" onClick={() => void mail.refetch()}>
          Refresh
        </Button>
      </header>
      {off ? (
        <p className="rounded-2xl border border-ink-700 bg-ink-850 p-5 text-slate-300">
          The dev outbox is off here: this server sends real email.
        </p>
      ) : mail.isError ? (
        <LoadFailed message="We couldn't load the outbox." onRetry={() => void mail.refetch()} />
      ) : !mail.data ? (
        <p className="text-slate-300">Loading...</p>
      ) : mail.data.messages.length === 0 ? (
        <p className="rounded-2xl border border-ink-700 bg-ink-850 p-5 text-slate-300">No emails yet.</p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Emails, newest first">
          {mail.data.messages.map((m) => (
            <li key={m.id} className="rounded-2xl border border-ink-700 bg-ink-850 p-5">
              <article aria-label={m.subject}>
                <h2 className="text-lg font-bold text-white">{m.subject}</h2>
                <p className="mb-3 text-xs text-slate-400">
                  To {m.to} · {new Date(m.sentAt).toLocaleString()}
                </p>
                <Linkified text={m.text} />
              </article>
            </li>
          ))}
        </ol>
      )}
    </Page>
  );
}
