import { useQuery } from '@tanstack/react-query';
import { HandHeart } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { PublicOrg } from '../../../../shared/contracts/public-orgs';
import { formatDayTime } from '../../../../shared/domain/en-us';
import { formatCents } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { ButtonLink } from '../../../components/ui/button';
import { isUnknownOrg, publicOrgQuery } from '../api';
import { OrgHeader, OrgHeaderSkeleton, OrgNotFound, SuspendedNotice } from '../components/org-header';
import { orgDonatePath } from '../org-paths';

/** The organization this page shows, for the route's loader to ask for alongside this module. */
export const orgQueryAt = (slug: string | undefined) => publicOrgQuery(slug ?? '');

type OrgBoard = PublicOrg['boards'][number];

const stateText: Record<OrgBoard['state'], string> = { open: 'Open now', upcoming: 'Upcoming' };

/** One board to come: its game, when, its price and whether it takes entries yet; a link unless `linked` is off. */
function BoardCard({ board, linked }: { board: OrgBoard; linked: boolean }) {
  const game = `${board.teamA} vs ${board.teamB}`;
  const when = `${board.league} · ${formatDayTime(board.startsAt, 'local', { weekday: true, year: false })}`;
  const body = (
    <>
      <span className="flex items-center justify-between gap-3">
        <span className="truncate text-base font-bold text-white" title={game}>
          {game}
        </span>
        <span className="shrink-0 rounded-full bg-ink-700 px-2 py-0.5 text-xs font-bold text-brand-200">
          {board.price}
        </span>
      </span>
      <span className="truncate" title={when}>
        {when}
      </span>
      <span className={board.state === 'open' ? 'font-semibold text-court-400' : 'text-slate-300'}>
        {stateText[board.state]}
      </span>
    </>
  );
  const card =
    'flex h-full flex-col justify-between rounded-2xl border border-ink-700 bg-ink-850 p-4 text-sm text-slate-300';
  return linked ? (
    <Link to={`${paths.boards}/${encodeURIComponent(board.slug)}`} className={`${card} hover:border-brand-400`}>
      {body}
    </Link>
  ) : (
    <div className={card}>{body}</div>
  );
}

/**
 * The page's place while the organization loads, laid out about as it will be; the page holds a screen's height
 * meanwhile, so the footer stays below the fold and nothing on screen moves when the organization arrives.
 */
function OrgPageSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <OrgHeaderSkeleton />
      <Skeleton className="h-6 w-full max-w-xl rounded-md" />
      <Skeleton className="h-[10.5rem] sm:h-[6.5rem]" />
      <Skeleton className="h-16 w-60 rounded-md sm:h-8" />
      <Skeleton className="h-28" />
    </div>
  );
}

/**
 * `/o/:org`: an organization's public page: its logo, name and cause, what its boards raised, a Donate button,
 * and its open and upcoming boards, each linking to its board. A suspended organization says so and offers no
 * gift and no entry; an address no organization has is not found.
 */
export function OrgPage() {
  const { org: slug } = useParams();
  const org = useQuery(orgQueryAt(slug));
  if (org.isError && isUnknownOrg(org.error)) return <OrgNotFound title="Organization not found" />;
  const data = org.data;
  const suspended = data?.organization.suspended ?? false;
  return (
    <Page title={data?.organization.name ?? 'Organization'} className="flex min-h-dvh max-w-4xl flex-col gap-6">
      {org.isError ? (
        <LoadFailed message="We couldn't load this organization." onRetry={() => void org.refetch()} />
      ) : !data ? (
        <OrgPageSkeleton />
      ) : (
        <>
          <OrgHeader org={data.organization} eyebrow="Organization" />
          {data.organization.cause && (
            <p className="max-w-2xl text-lg wrap-anywhere text-slate-200">{data.organization.cause}</p>
          )}
          {suspended && <SuspendedNotice />}
          <section
            aria-labelledby="raised-heading"
            className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <h2 id="raised-heading" className="text-sm font-semibold text-slate-300">
                Raised by its boards
              </h2>
              <p className="text-4xl font-black text-white" data-testid="org-raised">
                {formatCents(data.raisedCents, { whole: false })}
              </p>
            </div>
            {!suspended && (
              <ButtonLink to={orgDonatePath(data.organization.slug)} size="lg" className="gap-2">
                <HandHeart aria-hidden="true" className="size-5" />
                Donate
              </ButtonLink>
            )}
          </section>
          <PageSection id="org-boards" title="Open and upcoming boards" className="flex flex-col gap-3">
            {data.boards.length === 0 ? (
              <p className="text-slate-300">No board is open or coming up right now.</p>
            ) : (
              <ul aria-label="Boards" className="grid auto-rows-[7rem] grid-cols-1 gap-3 sm:grid-cols-2">
                {data.boards.map((b) => (
                  <li key={b.slug} className="min-w-0">
                    <BoardCard board={b} linked={!suspended} />
                  </li>
                ))}
              </ul>
            )}
          </PageSection>
        </>
      )}
    </Page>
  );
}
