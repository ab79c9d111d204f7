import { useQuery } from '@tanstack/react-query';
import { Building2, ChevronRight, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { Page } from '../../../components/layout/page';
import { QueryFailed } from '../../../components/layout/query-failed';
import { ButtonLink } from '../../../components/ui/button';
import { myOrgsQuery } from '../api';
import { OrgLogo, orgPath, RolePill, SignedIn } from '../components/org-parts';

const newOrgPath = `${paths.orgs}/new`;
/** The list's placeholder: about two organizations and the create link. */
const placeholder = ['h-20', 'h-20', 'h-11 w-56'];

/** `/orgs`: the signed-in person's organizations with their role in each, or a start at creating one. */
export function OrgsPage() {
  return (
    <Page title="Your organizations" className="flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="inline-flex items-center gap-2 text-sm font-semibold text-brand-300">
          <Building2 aria-hidden="true" className="size-4" /> Organizations
        </p>
        <h1 className="text-3xl font-black text-white">Your organizations</h1>
      </header>
      <div className="min-h-56">
        <SignedIn placeholder={placeholder}>{() => <OrgList />}</SignedIn>
      </div>
    </Page>
  );
}

function OrgList() {
  const orgs = useQuery(myOrgsQuery);
  if (orgs.isPending) return <LoadingStack blocks={placeholder} />;
  if (orgs.isError) return <QueryFailed query={orgs} fallback="We couldn't load your organizations." />;
  const list = orgs.data.organizations;
  if (list.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-ink-600 bg-ink-850 p-6">
        <h2 className="text-xl font-bold text-white">No organization yet</h2>
        <p className="text-slate-300">
          Create one for your school's booster club, your league or your cause: it gets its own page, its own boards and
          its own staff, and you invite the people who help run it.
        </p>
        <ButtonLink to={newOrgPath}>
          <Plus aria-hidden="true" className="size-4" /> Create an organization
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {list.map(({ organization, role }) => (
          <li key={organization.id}>
            <Link
              to={orgPath(organization.slug)}
              className="flex items-center gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-4 hover:border-brand-400"
            >
              <OrgLogo logo={organization.logo} />
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="font-bold wrap-anywhere text-white">{organization.name}</span>
                <span className="text-sm text-slate-400">/o/{organization.slug}</span>
              </span>
              <RolePill role={role} />
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
      <ButtonLink to={newOrgPath} variant="outline" className="self-start">
        <Plus aria-hidden="true" className="size-4" /> Create an organization
      </ButtonLink>
    </div>
  );
}
