import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrgMember } from '../../../../shared/contracts/orgs';
import type { OrgRole } from '../../../../shared/domain/org-roles';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { PanelSection } from '../../../components/layout/page-section';
import { QueryFailed } from '../../../components/layout/query-failed';
import { RemoveButton } from '../../../components/remove-button';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { messageOf } from '../../../lib/form';
import { membersQuery, orgsApi } from '../api';
import { mayRemove, ownersIn, roleLabels, rolesFor } from '../member-rules';
import { ConfirmDialog, Problem, RolePill } from './org-parts';

/**
 * The organization's members, owners first. Owners and admins change roles and remove members where the rules
 * let them (member-rules.ts); a refusal of the server (403, 409 LAST_OWNER) shows on the member's row.
 */
export function MembersSection({ slug, role, userId }: { slug: string; role: OrgRole; userId: string }) {
  const members = useQuery(membersQuery(slug));
  return (
    <PanelSection id="members" title="Members">
      <div className="mt-4 min-h-32">
        {members.isPending ? (
          <LoadingStack blocks={['h-16', 'h-16']} gap="gap-3" />
        ) : members.isError ? (
          <QueryFailed query={members} fallback="We couldn't load the members." />
        ) : (
          <ul className="flex flex-col gap-3">
            {members.data.members.map((member) => (
              <MemberRow
                key={member.id}
                slug={slug}
                actor={role}
                member={member}
                owners={ownersIn(members.data.members)}
                self={member.userId === userId}
              />
            ))}
          </ul>
        )}
      </div>
    </PanelSection>
  );
}

function MemberRow({
  slug,
  actor,
  member,
  owners,
  self,
}: {
  slug: string;
  actor: OrgRole;
  member: OrgMember;
  owners: number;
  self: boolean;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [chosen, setChosen] = useState<OrgRole>(member.role);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const roles = rolesFor(actor, member, owners);
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersQuery(slug).queryKey });

  const change = useMutation({
    mutationFn: (role: OrgRole) => orgsApi.changeRole(slug, member.id, role),
    onMutate: () => setProblem(null),
    onSuccess: async ({ member: changed }) => {
      toast({ title: `${changed.name} is now ${roleLabels[changed.role].toLowerCase()}`, variant: 'success' });
      await refresh();
      // The caller's own role may have changed: what the screen offers follows it.
      if (self) await queryClient.invalidateQueries({ queryKey: ['orgs', slug], exact: true });
    },
    onError: (err) => {
      setProblem(messageOf(err));
      setChosen(member.role);
    },
  });
  const remove = useMutation({
    mutationFn: () => orgsApi.removeMember(slug, member.id),
    onSuccess: async () => {
      setConfirming(false);
      toast({ title: `${member.name} was removed`, variant: 'success' });
      await refresh();
    },
    onError: (err) => setProblem(messageOf(err)),
  });

  const selectId = `member-role-${member.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-ink-700 bg-ink-900 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere text-white">
            {member.name}
            {self && <span className="text-slate-400"> (you)</span>}
          </p>
          <p className="text-sm wrap-anywhere text-slate-400">{member.email}</p>
        </div>
        <RolePill role={member.role} />
      </div>
      {(roles.length > 1 || mayRemove(actor, member, owners, self)) && (
        <div className="flex flex-wrap items-end gap-2">
          {roles.length > 1 && (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (chosen !== member.role) change.mutate(chosen);
              }}
            >
              <Select
                id={selectId}
                label={`Role of ${member.name}`}
                options={roles.map((r) => ({ value: r, label: roleLabels[r] }))}
                value={chosen}
                onChange={(e) => setChosen(e.target.value as OrgRole)}
                className="h-9 text-sm"
              />
              <Button type="submit" size="sm" variant="secondary" disabled={chosen === member.role || change.isPending}>
                {change.isPending ? 'Saving...' : 'Change role'}
              </Button>
            </form>
          )}
          {mayRemove(actor, member, owners, self) && (
            <RemoveButton name={member.name} onClick={() => setConfirming(true)} className="ml-auto" />
          )}
        </div>
      )}
      {problem && !confirming && <Problem>{problem}</Problem>}
      <ConfirmDialog
        open={confirming}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
        title={`Remove ${member.name}?`}
        description="They lose access to the organization at once. You can invite them again later."
        confirmLabel="Remove member"
        busyLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      >
        {remove.isError && <Problem>{messageOf(remove.error)}</Problem>}
      </ConfirmDialog>
    </li>
  );
}
