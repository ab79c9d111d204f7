import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { createInvitationSchema, invitationLifetimeDays, type OrgInvitation } from '../../../../shared/contracts/orgs';
import { formatDayTime } from '../../../../shared/domain/en-us';
import type { OrgRole } from '../../../../shared/domain/org-roles';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { PanelSection } from '../../../components/layout/page-section';
import { QueryFailed } from '../../../components/layout/query-failed';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { messageOf, useOneAtATime, useSchemaForm } from '../../../lib/form';
import { orgInvitationsQuery, orgsApi } from '../api';
import { invitableRoles, invitationStateLabels, mayCancel, roleDescriptions, roleLabels } from '../member-rules';
import { Problem, RolePill } from './org-parts';

/**
 * Invitations (owners and admins): invite by email with a role (an emailed link, valid for
 * invitationLifetimeDays days, used once), the invitations sent and their state, and cancelling a pending one.
 */
export function InvitationsSection({ slug, role }: { slug: string; role: OrgRole }) {
  const invitations = useQuery(orgInvitationsQuery(slug));
  const roles = invitableRoles(role);
  return (
    <PanelSection id="invitations" title="Invitations">
      {roles.length > 0 && <InviteForm slug={slug} roles={roles} />}
      <div className="mt-4 min-h-16">
        {invitations.isPending ? (
          <LoadingStack blocks={['h-16']} gap="gap-3" />
        ) : invitations.isError ? (
          <QueryFailed query={invitations} fallback="We couldn't load the invitations." />
        ) : invitations.data.invitations.length === 0 ? (
          <p className="text-sm text-slate-400">No invitations sent yet.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Invitations sent">
            {invitations.data.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} slug={slug} actor={role} invitation={invitation} />
            ))}
          </ul>
        )}
      </div>
    </PanelSection>
  );
}

function InviteForm({ slug, roles }: { slug: string; roles: OrgRole[] }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const oneAtATime = useOneAtATime();
  const initialRole = roles.includes('staff') ? 'staff' : (roles[0] ?? 'viewer');
  const form = useSchemaForm(
    createInvitationSchema,
    { email: '', role: initialRole as string },
    { fieldId: (f) => `invite-${f}` },
  );
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    form.clearErrors();
    const input = form.validate();
    if (!input) return;
    oneAtATime(() =>
      form
        .submitting(async () => {
          const { invitation } = await orgsApi.invite(slug, input);
          toast({
            title: 'Invitation sent',
            description: `${invitation.email} can accept it as ${roleLabels[invitation.role].toLowerCase()} for ${invitationLifetimeDays} days.`,
            variant: 'success',
          });
          form.reset({ email: '', role: form.values.role });
          await queryClient.invalidateQueries({ queryKey: orgInvitationsQuery(slug).queryKey });
        })
        .catch((err: unknown) => {
          if (!form.showServerErrors(err)) setProblem(messageOf(err));
        }),
    );
  };

  const chosen = form.values.role as OrgRole;
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <Input label="Email" type="email" autoComplete="off" {...form.field('email')} />
        <Select
          label="Role"
          options={roles.map((r) => ({ value: r, label: roleLabels[r] }))}
          hint={roleDescriptions[chosen]}
          {...form.field('role')}
        />
      </div>
      {problem && <Problem>{problem}</Problem>}
      <Button type="submit" disabled={form.busy} className="self-start">
        {form.busy ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  );
}

function InvitationRow({ slug, actor, invitation }: { slug: string; actor: OrgRole; invitation: OrgInvitation }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const cancel = useMutation({
    mutationFn: () => orgsApi.cancelInvitation(slug, invitation.id),
    onSuccess: async () => {
      toast({ title: `The invitation to ${invitation.email} is cancelled`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: orgInvitationsQuery(slug).queryKey });
    },
  });
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-ink-700 bg-ink-900 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere text-white">{invitation.email}</p>
          <p className="text-sm text-slate-400">
            {invitationStateLabels[invitation.status]}
            {invitation.status === 'pending' && ` · until ${formatDayTime(invitation.expiresAt, 'local')}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <RolePill role={invitation.role} />
          {mayCancel(actor, invitation) && (
            <Button size="sm" variant="ghost" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel'}
              <span className="sr-only"> the invitation to {invitation.email}</span>
            </Button>
          )}
        </div>
      </div>
      {cancel.isError && <Problem>{messageOf(cancel.error)}</Problem>}
    </li>
  );
}
