import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { orgErrorCodes, orgMessages } from '../../../../shared/contracts/orgs';
import { orgCan } from '../../../../shared/domain/org-roles';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { Page } from '../../../components/layout/page';
import { QueryFailed } from '../../../components/layout/query-failed';
import { ApiClientError } from '../../../lib/api-client';
import { orgQuery } from '../api';
import { InvitationsSection } from '../components/invitations-section';
import { MembersSection } from '../components/members-section';
import { OrgConsoleNav } from '../components/org-console';
import { OrgDetails } from '../components/org-details';
import { OrgMembership } from '../components/org-membership';
import { OrgLogo, OrgNotFound, RolePill, SignedIn } from '../components/org-parts';
import { roleDescriptions } from '../member-rules';

const placeholder = ['h-28', 'h-72', 'h-48'];

/**
 * `/orgs/:org`: an organization's overview for its members: its name, logo and cause and the caller's role;
 * its details (owners and admins edit them), members, invitations, and leaving or deleting it. Anyone who is
 * not a member gets the server's 404, and this screen says no more than that.
 */
export function OrgPage() {
  const slug = useParams().org ?? '';
  // The title follows the organization once the overview has loaded it (this only reads what it has).
  const known = useQuery({ ...orgQuery(slug), enabled: false }).data;
  return (
    <Page title={known?.organization.name ?? 'Organization'} className="flex max-w-4xl flex-col gap-6">
      <BackLink to={paths.orgs}>Your organizations</BackLink>
      <SignedIn placeholder={placeholder}>{(me) => <OrgOverview slug={slug} userId={me.id} />}</SignedIn>
    </Page>
  );
}

/** A 404, or a 400 for an address no organization can have: not found, either way. */
const notFound = (err: unknown) =>
  err instanceof ApiClientError &&
  (err.code === orgErrorCodes.notFound || err.status === 404 || err.code === orgErrorCodes.validation);

function OrgOverview({ slug, userId }: { slug: string; userId: string }) {
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
      <header className="flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5 sm:flex-row sm:items-center">
        <OrgLogo logo={organization.logo} size="lg" />
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-3xl font-black wrap-anywhere text-white">{organization.name}</h1>
          <p className="text-sm text-slate-400">/o/{organization.slug}</p>
          {organization.cause && <p className="whitespace-pre-line text-slate-200">{organization.cause}</p>}
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
            Your role: <RolePill role={role} />
            <span className="text-slate-400">{roleDescriptions[role]}</span>
          </p>
          {organization.status === 'suspended' && (
            <p className="rounded-lg bg-amber-950/60 p-3 text-sm text-amber-100">
              This organization is suspended: it opens no boards and takes no entries or gifts.
            </p>
          )}
        </div>
      </header>
      <OrgConsoleNav slug={slug} />
      <OrgDetails organization={organization} editable={orgCan(role, 'organization:update')} />
      <MembersSection slug={slug} role={role} userId={userId} />
      {orgCan(role, 'invitation:read') && <InvitationsSection slug={slug} role={role} />}
      <OrgMembership organization={organization} role={role} />
    </>
  );
}
