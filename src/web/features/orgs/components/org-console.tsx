import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { orgErrorCodes, orgMessages } from '../../../../shared/contracts/orgs';
import type { OrgRole } from '../../../../shared/domain/org-roles';
import { BackLink } from '../../../components/layout/back-link';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { Page, Skeleton } from '../../../components/layout/page';
import { QueryFailed } from '../../../components/layout/query-failed';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { OrgBoardOps } from '../../admin';
import { orgQuery } from '../api';
import { OrgNotFound, orgPath, RolePill, SignedIn } from './org-parts';

/** The organizer screens of an organization, under its overview: `/orgs/:org/boards` and `/orgs/:org/entries`. */
export const orgBoardsPath = (slug: string) => `${orgPath(slug)}/boards`;
export const orgBoardPath = (slug: string, board: string) => `${orgBoardsPath(slug)}/${encodeURIComponent(board)}`;
export const orgEntriesPath = (slug: string) => `${orgPath(slug)}/entries`;

const placeholder = ['h-16', 'h-dvh'];

/** A 404, or a 400 for an address no organization can have: not found, either way. */
const notFound = (err: unknown) =>
  err instanceof ApiClientError &&
  (err.code === orgErrorCodes.notFound || err.status === 404 || err.code === orgErrorCodes.validation);

/**
 * An organizer screen: for a signed-in member of the organization of the path, its name and the member's role
 * over `children`, which talk to the organization's organizer API and offer what the role allows. Anyone else
 * gets the server's 404 and no more.
 */
export function OrgConsolePage({
  title,
  back,
  children,
}: {
  title: string;
  /** Where Back goes, when not to the organization's overview. */
  back?: { to: string; label: string };
  children: (org: string, role: OrgRole) => ReactNode;
}) {
  const slug = useParams().org ?? '';
  return (
    <Page title={title} className="flex min-h-dvh flex-col gap-6">
      <BackLink to={back?.to ?? orgPath(slug)}>{back?.label ?? 'Organization overview'}</BackLink>
      <SignedIn placeholder={placeholder}>{() => <Member slug={slug} title={title} render={children} />}</SignedIn>
    </Page>
  );
}

function Member({
  slug,
  title,
  render,
}: {
  slug: string;
  title: string;
  render: (org: string, role: OrgRole) => ReactNode;
}) {
  const org = useQuery(orgQuery(slug));
  if (org.isPending) return <LoadingStack blocks={placeholder} />;
  if (org.isError) {
    return notFound(org.error) ? (
      <OrgNotFound message={orgMessages.notFound} />
    ) : (
      <QueryFailed query={org} fallback="We couldn't load this organization." />
    );
  }
  const { organization, role } = org.data;
  return (
    <>
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold wrap-anywhere text-slate-300">{organization.name}</p>
        <h1 className="text-3xl font-black text-white">{title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
          Your role: <RolePill role={role} />
        </p>
      </header>
      <OrgBoardOps org={slug} role={role}>
        {/* A screen tall: the footer stays below the fold while the screen's code and data load. */}
        <Suspense fallback={<Skeleton className="h-dvh" />}>{render(slug, role)}</Suspense>
      </OrgBoardOps>
    </>
  );
}

const navLink =
  'inline-flex min-h-11 items-center rounded-xl border border-ink-700 bg-ink-850 px-4 font-semibold text-white hover:border-brand-400';

/** The overview's links to the organizer screens: every member may read the boards and the entries. */
export function OrgConsoleNav({ slug, className }: { slug: string; className?: string }) {
  return (
    <nav aria-label="Board operations" className={cn('flex flex-wrap gap-3', className)}>
      <Link to={orgBoardsPath(slug)} className={navLink}>
        Boards
      </Link>
      <Link to={orgEntriesPath(slug)} className={navLink}>
        Entries
      </Link>
    </nav>
  );
}
