import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailOpen } from 'lucide-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Me } from '../../../../shared/contracts/accounts';
import { type InvitationDetails, orgErrorCodes, orgMessages } from '../../../../shared/contracts/orgs';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { Page } from '../../../components/layout/page';
import { QueryFailed } from '../../../components/layout/query-failed';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { ApiClientError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/form';
import { meQuery } from '../../../lib/session';
import { signInPathFor } from '../../../lib/sign-in-return';
import { invitationQuery, myOrgsQuery, orgQuery, orgsApi } from '../api';
import { OrgLogo, orgPath, Problem, RolePill } from '../components/org-parts';
import { roleDescriptions, roleLabels } from '../member-rules';

const placeholder = ['h-64'];
const panel = 'flex flex-col gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-5 sm:p-6';

/**
 * `/invitations/:id`, the link of an invitation's email: the organization and the role it offers, and Accept.
 * Only the signed-in account of the invited email sees it; a visitor signs in or signs up and comes back here.
 */
export function InvitationPage() {
  const id = useParams().id ?? '';
  const me = useQuery(meQuery);
  return (
    <Page title="Your invitation" className="flex max-w-xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="inline-flex items-center gap-2 text-sm font-semibold text-brand-300">
          <MailOpen aria-hidden="true" className="size-4" /> Invitation
        </p>
        <h1 className="text-3xl font-black text-white">Join an organization</h1>
      </header>
      <div className="min-h-64">
        {me.isPending ? (
          <LoadingStack blocks={placeholder} />
        ) : me.data ? (
          <ForAccount id={id} me={me.data} />
        ) : (
          <SignInFirst />
        )}
      </div>
    </Page>
  );
}

function SignInFirst() {
  const here = useLocation().pathname;
  return (
    <div className={panel}>
      <h2 className="text-xl font-bold text-white">Sign in to see your invitation</h2>
      <p className="text-slate-300">
        Use the account of the email address the invitation was sent to. New to FanGrid? Create an account with that
        address, confirm it from the email we send, and you come back here.
      </p>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={signInPathFor(here)}>Sign in</ButtonLink>
        <ButtonLink to={signInPathFor(here, true)} variant="outline">
          Create an account
        </ButtonLink>
      </div>
    </div>
  );
}

function ForAccount({ id, me }: { id: string; me: Me }) {
  const invitation = useQuery(invitationQuery(id));
  if (invitation.isPending) return <LoadingStack blocks={placeholder} />;
  if (invitation.isError) {
    const missing = invitation.error instanceof ApiClientError && invitation.error.status < 500;
    return missing ? (
      <div className={panel}>
        <h2 className="text-xl font-bold text-white">{orgMessages.invitationNotFound}</h2>
        <p className="text-slate-300">
          You are signed in as <span className="font-semibold wrap-anywhere text-white">{me.email}</span>. An invitation
          opens only for the account of the address it was sent to: sign out and sign in with that one.
        </p>
      </div>
    ) : (
      <QueryFailed query={invitation} fallback="We couldn't load this invitation." />
    );
  }
  return <InvitationCard invitation={invitation.data.invitation} me={me} />;
}

/** Why an open invitation cannot be accepted, as its state says (before anyone presses Accept). */
function closedReason(invitation: InvitationDetails['invitation']): string | null {
  if (invitation.expired || invitation.status === 'expired') return orgMessages.invitationExpired;
  if (invitation.status !== 'pending') return orgMessages.invitationUsed;
  return null;
}

function InvitationCard({ invitation, me }: { invitation: InvitationDetails['invitation']; me: Me }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { organization } = invitation;
  const accept = useMutation({
    mutationFn: () => orgsApi.accept(invitation.id),
    onSuccess: async (joined) => {
      queryClient.setQueryData(orgQuery(joined.organization.slug).queryKey, joined);
      await queryClient.invalidateQueries({ queryKey: myOrgsQuery.queryKey, exact: true });
      toast({ title: `You joined ${joined.organization.name}`, variant: 'success' });
      navigate(orgPath(joined.organization.slug));
    },
    onError: (err) => {
      // Signed out meanwhile: the page asks to sign in again.
      if (err instanceof ApiClientError && err.status === 401) void queryClient.invalidateQueries(meQuery);
    },
  });
  const closed = closedReason(invitation);
  const code = accept.error instanceof ApiClientError ? accept.error.code : undefined;

  return (
    <div className={panel}>
      <div className="flex items-center gap-4">
        <OrgLogo logo={organization.logo} size="lg" />
        <div className="flex min-w-0 flex-col gap-2">
          <h2 className="text-2xl font-black wrap-anywhere text-white">{organization.name}</h2>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
            Invites you as <RolePill role={invitation.role} />
          </p>
        </div>
      </div>
      <p className="text-slate-300">
        {roleLabels[invitation.role]}: {roleDescriptions[invitation.role]}
      </p>
      {closed ? (
        <Problem>{closed}</Problem>
      ) : (
        <>
          {!me.emailVerified && (
            <p className="text-sm text-amber-200">{orgMessages.emailNotVerified} The link is in our email to you.</p>
          )}
          <Button size="lg" className="self-start" disabled={accept.isPending} onClick={() => accept.mutate()}>
            {accept.isPending ? 'Accepting...' : 'Accept invitation'}
          </Button>
        </>
      )}
      {accept.isError && <Problem>{messageOf(accept.error)}</Problem>}
      {code === orgErrorCodes.alreadyMember && (
        <ButtonLink to={orgPath(organization.slug)} variant="outline" className="self-start">
          Open {organization.name}
        </ButtonLink>
      )}
    </div>
  );
}
