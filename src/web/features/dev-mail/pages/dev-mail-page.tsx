import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { formatNumericDateTime } from '../../../../shared/domain/en-us';
import { LoadFailed, Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { ApiClientError } from '../../../lib/api-client';
import { devMailQuery, devTextsQuery, type OutboxText } from '../api';

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

/** How each state of a text reads in the list. */
const textStatus: Record<OutboxText['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped (no consent or STOP)',
};

/** What each list of the outbox says when this server sends for real or the list fails to load, and its spacing. */
const outboxLists = {
  Emails: {
    offNote: 'The dev outbox is off here: this server sends real email.',
    failNote: "We couldn't load the outbox.",
    listClass: 'flex flex-col gap-4',
    itemClass: 'rounded-2xl border border-ink-700 bg-ink-850 p-5',
  },
  Texts: {
    offNote: 'The text outbox is off here: this server sends real texts.',
    failNote: "We couldn't load the texts.",
    listClass: 'flex flex-col gap-3',
    itemClass: 'rounded-2xl border border-ink-700 bg-ink-850 p-4',
  },
};

/**
 * One list of the outbox (emails or texts), newest first: a note when this server sends for real (the outbox
 * answers 404), the load states, then each item.
 */
function OutboxSection<T extends { id: string }>({
  name,
  query,
  items,
  render,
}: {
  name: keyof typeof outboxLists;
  query: {
    error: unknown;
    isError: boolean;
    refetch: () => unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  items: readonly T[] | undefined;
  render: (item: T) => ReactNode;
}) {
  const { offNote, failNote, listClass, itemClass } = outboxLists[name];
  const off = query.error instanceof ApiClientError && query.error.status === 404;
  const headingId = `dev-${name.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-white">
        {name}
      </h2>
      {off ? (
        <p className="rounded-2xl border border-ink-700 bg-ink-850 p-5 text-slate-300">{offNote}</p>
      ) : query.isError ? (
        <LoadFailed message={failNote} onRetry={() => void query.refetch()} />
      ) : !items ? (
        <p className="text-slate-300">Loading...</p>
      ) : items.length === 0 ? (
        <p className="rounded-2xl border border-ink-700 bg-ink-850 p-5 text-slate-300">No {name.toLowerCase()} yet.</p>
      ) : (
        <>
          <ol className={listClass} aria-label={`${name}, newest first`}>
            {items.map((item) => (
              <li key={item.id} className={itemClass}>
                {render(item)}
              </li>
            ))}
          </ol>
          {/* 100 a page: older ones are a page further each time. */}
          <p className="text-sm text-slate-300" data-testid={`dev-${name.toLowerCase()}-count`}>
            Showing the newest {items.length} {name.toLowerCase()}
            {query.hasNextPage ? '; there are older ones.' : '.'}
          </p>
          {query.hasNextPage && (
            <div>
              <Button
                variant="secondary"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? 'Loading...' : `Older ${name.toLowerCase()}`}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** The development outbox: every email and text FanGrid "sent" while no SMTP server or Twilio is configured. */
export function DevMailPage() {
  const mail = useInfiniteQuery(devMailQuery);
  const texts = useInfiniteQuery(devTextsQuery);
  const refresh = () => {
    void mail.refetch();
    void texts.refetch();
  };
  return (
    <Page title="Dev outbox" className="flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-black text-white">Dev outbox</h1>
          <p className="text-slate-300">
            Emails and texts FanGrid would have sent. Only in development, when no SMTP server or Twilio is set.
          </p>
        </div>
        <Button variant="secondary" onClick={refresh}>
          Refresh
        </Button>
      </header>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <OutboxSection
          name="Emails"
          query={mail}
          items={mail.data?.pages.flatMap((p) => p.messages)}
          render={(m) => (
            <article aria-label={m.subject}>
              <h3 className="text-lg font-bold text-white">{m.subject}</h3>
              <p className="mb-3 text-xs text-slate-400">
                To {m.to} · {formatNumericDateTime(m.sentAt, 'local')}
              </p>
              <Linkified text={m.text} />
            </article>
          )}
        />
        <OutboxSection
          name="Texts"
          query={texts}
          items={texts.data?.pages.flatMap((p) => p.texts)}
          render={(t) => (
            <>
              <p className="mb-2 flex flex-wrap justify-between gap-x-3 text-xs text-slate-300">
                <span>To {t.to}</span>
                <span>
                  {textStatus[t.status]} · {formatNumericDateTime(t.at, 'local')}
                </span>
              </p>
              <Linkified text={t.body} />
            </>
          )}
        />
      </div>
    </Page>
  );
}
