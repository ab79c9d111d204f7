import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { createOrgSchema } from '../../../../shared/contracts/orgs';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { messageOf, useOneAtATime, useSchemaForm } from '../../../lib/form';
import { myOrgsQuery, orgsApi } from '../api';
import { OrgDetailFields, orgFieldId } from '../components/org-fields';
import { orgPath, Problem, SignedIn } from '../components/org-parts';
import { slugFromName } from '../org-form';

/** `/orgs/new`: a signed-in person creates an organization and becomes its owner. */
export function NewOrgPage() {
  return (
    <Page title="Create an organization" className="flex max-w-3xl flex-col gap-6">
      <BackLink to={paths.orgs}>Your organizations</BackLink>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-black text-white">Create an organization</h1>
        <p className="text-slate-300">
          Your booster club, league or cause gets its own page and its own staff. You become its owner.
        </p>
      </header>
      <SignedIn placeholder={['h-[36rem]']}>{() => <NewOrgForm />}</SignedIn>
    </Page>
  );
}

function NewOrgForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const oneAtATime = useOneAtATime();
  const form = useSchemaForm(
    createOrgSchema,
    { name: '', slug: '', cause: '', contactEmail: '', ein: '' },
    { fieldId: orgFieldId },
  );
  // The address follows the name until it is typed in itself.
  const [slugTyped, setSlugTyped] = useState(false);
  const [logo, setLogo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    form.clearErrors();
    const input = form.validate();
    if (!input) return;
    oneAtATime(() =>
      form.submitting(
        async () => {
          try {
            const { organization } = await orgsApi.create(form.values);
            // The logo is the organization's own once it exists: set it by PATCH, and say so if that fails.
            if (logo) {
              await orgsApi
                .update(organization.slug, { logo })
                .catch((err: unknown) =>
                  toast({ title: 'The logo was not saved', description: messageOf(err), variant: 'error' }),
                );
            }
            await queryClient.invalidateQueries({ queryKey: myOrgsQuery.queryKey });
            toast({
              title: `${organization.name} is ready`,
              description: 'Invite your staff next.',
              variant: 'success',
            });
            navigate(orgPath(organization.slug));
          } catch (err) {
            if (!form.showServerErrors(err)) setProblem(messageOf(err));
            throw err;
          }
        },
        { leaving: true },
      ),
    );
  };

  const slugField = form.field('slug');
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5 rounded-2xl border border-ink-700 bg-ink-850 p-5 sm:p-6"
    >
      <Input
        label="Name"
        autoComplete="organization"
        {...form.field('name')}
        onChange={(e) => {
          form.set('name', e.target.value);
          if (!slugTyped) form.set('slug', slugFromName(e.target.value));
        }}
      />
      <div className="flex flex-col gap-1.5">
        <Input
          label="Address"
          autoCapitalize="none"
          spellCheck={false}
          hint="Lowercase letters, digits and dashes; it cannot be changed later."
          {...slugField}
          onChange={(e) => {
            setSlugTyped(true);
            slugField.onChange(e);
          }}
        />
        <p className="text-sm text-slate-300">
          Your page: <span className="font-mono font-semibold break-all text-white">/o/{form.values.slug || '…'}</span>
        </p>
      </div>
      <OrgDetailFields field={(name) => form.field(name)} logo={logo} onLogo={setLogo} />
      {problem && <Problem>{problem}</Problem>}
      <Button type="submit" size="lg" disabled={form.busy} className="self-start">
        {form.busy ? 'Creating...' : 'Create organization'}
      </Button>
    </form>
  );
}
