import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type Organization, updateOrgSchema } from '../../../../shared/contracts/orgs';
import { PanelSection } from '../../../components/layout/page-section';
import { Button } from '../../../components/ui/button';
import { Detail } from '../../../components/ui/details-list';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { messageOf, useOneAtATime, useSchemaForm } from '../../../lib/form';
import { myOrgsQuery, orgQuery, orgsApi } from '../api';
import { changesOf, formValuesOf } from '../org-form';
import { OrgDetailFields, orgFieldId } from './org-fields';
import { Problem } from './org-parts';

/** The organization's details: a form for owners and admins (PATCH), a list for everyone else. */
export function OrgDetails({ organization, editable }: { organization: Organization; editable: boolean }) {
  return (
    <PanelSection id="details" title="Details">
      {editable ? (
        <DetailsForm key={organization.id} organization={organization} />
      ) : (
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <Detail term="Contact email" value={organization.contactEmail} />
          <Detail term="EIN" value={organization.ein} />
        </dl>
      )}
    </PanelSection>
  );
}

function DetailsForm({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const oneAtATime = useOneAtATime();
  const form = useSchemaForm(updateOrgSchema, formValuesOf(organization), { fieldId: orgFieldId });
  const [logo, setLogo] = useState(organization.logo ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const changes = changesOf(organization, form.values, logo);
  const changed = Object.keys(changes).length > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    form.clearErrors();
    if (!form.validate() || !changed) return;
    oneAtATime(() =>
      form
        .submitting(async () => {
          const saved = await orgsApi.update(organization.slug, changes);
          queryClient.setQueryData(orgQuery(organization.slug).queryKey, (old) =>
            old ? { ...old, organization: saved.organization } : old,
          );
          await queryClient.invalidateQueries({ queryKey: myOrgsQuery.queryKey, exact: true });
          form.reset(formValuesOf(saved.organization));
          setLogo(saved.organization.logo ?? '');
          toast({ title: 'Details saved', variant: 'success' });
        })
        .catch((err: unknown) => {
          if (!form.showServerErrors(err)) setProblem(messageOf(err));
        }),
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
      <Input label="Name" autoComplete="organization" {...form.field('name')} />
      <OrgDetailFields field={(name) => form.field(name)} logo={logo} onLogo={setLogo} logoError={form.errors.logo} />
      {problem && <Problem>{problem}</Problem>}
      <Button type="submit" disabled={form.busy || !changed} className="self-start">
        {form.busy ? 'Saving...' : 'Save changes'}
      </Button>
    </form>
  );
}
