import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Organization } from '../../../../shared/contracts/orgs';
import { type OrgRole, orgCan } from '../../../../shared/domain/org-roles';
import { paths } from '../../../app/paths';
import { PanelSection } from '../../../components/layout/page-section';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { messageOf } from '../../../lib/form';
import { membersQuery, myOrgsQuery, orgsApi } from '../api';
import { mayLeave, ownersIn } from '../member-rules';
import { ConfirmDialog, Problem } from './org-parts';

type Ending = 'leave' | 'delete';

/**
 * Leaving the organization (anyone but its last owner) and, for owners, deleting it. Each asks first; the
 * server's refusal (409 LAST_OWNER, 409 ORGANIZATION_HAS_BOARDS) shows in the dialog.
 */
export function OrgMembership({ organization, role }: { organization: Organization; role: OrgRole }) {
  const { slug, name } = organization;
  const members = useQuery(membersQuery(slug));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [asking, setAsking] = useState<Ending | null>(null);
  const end = useMutation({
    mutationFn: (how: Ending) => (how === 'leave' ? orgsApi.leave(slug) : orgsApi.remove(slug)),
    onSuccess: async (_ok, how) => {
      setAsking(null);
      queryClient.removeQueries({ queryKey: ['orgs', slug] });
      await queryClient.invalidateQueries({ queryKey: myOrgsQuery.queryKey, exact: true });
      toast({ title: how === 'leave' ? `You left ${name}` : `${name} was deleted`, variant: 'success' });
      navigate(paths.orgs);
    },
  });
  // Until the members are known, Leave waits; the last owner is not offered it.
  const canLeave = members.data ? mayLeave(role, ownersIn(members.data.members)) : false;
  const canDelete = orgCan(role, 'organization:delete');
  const ask = (how: Ending) => {
    end.reset();
    setAsking(how);
  };

  return (
    <PanelSection id="membership" title="Your membership">
      <div className="mt-4 flex flex-col gap-4">
        <p className="text-sm text-slate-300">
          {members.data && !canLeave
            ? 'You are the only owner: make someone else an owner before you leave.'
            : 'Leaving takes away your access at once; an owner can invite you again.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {(canLeave || !members.data) && (
            <Button variant="outline" disabled={!canLeave} onClick={() => ask('leave')}>
              Leave organization
            </Button>
          )}
          {canDelete && (
            <Button variant="danger" onClick={() => ask('delete')}>
              Delete organization
            </Button>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'delete' ? `Delete ${name}?` : `Leave ${name}?`}
        description={
          asking === 'delete'
            ? 'Its members and invitations go with it. An organization that runs boards cannot be deleted.'
            : 'You lose access to the organization at once.'
        }
        confirmLabel={asking === 'delete' ? 'Delete organization' : 'Leave organization'}
        busyLabel={asking === 'delete' ? 'Deleting...' : 'Leaving...'}
        pending={end.isPending}
        onConfirm={() => asking && end.mutate(asking)}
      >
        {end.isError && <Problem>{messageOf(end.error)}</Problem>}
      </ConfirmDialog>
    </PanelSection>
  );
}
