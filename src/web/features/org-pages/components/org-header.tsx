import type { PublicOrg } from '../../../../shared/contracts/public-orgs';
import { paths } from '../../../app/paths';
import { Page, Skeleton } from '../../../components/layout/page';
import { ButtonLink } from '../../../components/ui/button';

type Org = PublicOrg['organization'];

/** The logo's box: the same size with or without a logo, and while the page loads. */
const logoBox = 'size-16 shrink-0 rounded-2xl';

/** The organization's logo, or its initial on the same square when it has none. */
function OrgLogo({ org }: { org: Org }) {
  if (org.logo) {
    return <img src={org.logo} alt="" width={64} height={64} className={`${logoBox} bg-white object-contain`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${logoBox} flex items-center justify-center bg-brand-500 text-3xl font-black text-ink-950`}
    >
      {org.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The organization's logo and name (the page's heading), over `eyebrow`. */
export function OrgHeader({ org, eyebrow, heading }: { org: Org; eyebrow: string; heading?: string }) {
  return (
    <header className="flex min-h-16 items-center gap-4">
      <OrgLogo org={org} />
      <div className="min-w-0">
        <p className="text-sm font-bold tracking-wide text-brand-300 uppercase">{eyebrow}</p>
        <h1 className="text-3xl font-black wrap-anywhere text-white sm:text-4xl">{heading ?? org.name}</h1>
      </div>
    </header>
  );
}

/** The header's place while the organization loads: the same height, so nothing below it moves. */
export function OrgHeaderSkeleton() {
  return (
    <div className="flex min-h-16 items-center gap-4">
      <Skeleton className={logoBox} />
      <div className="flex flex-col gap-2">
        <Skeleton className="h-4 w-28 rounded-md" />
        <Skeleton className="h-8 w-56 rounded-md sm:h-9" />
      </div>
    </div>
  );
}

/** Said where a suspended organization's Donate button and entry links would be. */
export function SuspendedNotice() {
  return (
    <p
      role="status"
      data-testid="org-suspended"
      className="rounded-2xl border border-amber-400/50 bg-amber-950/40 p-4 font-semibold text-amber-100"
    >
      This organization is suspended: it takes no entries or gifts right now.
    </p>
  );
}

/** No organization has this address. */
export function OrgNotFound({ title }: { title: string }) {
  return (
    <Page title={title} className="flex max-w-3xl flex-col items-start gap-4">
      <h1 className="text-3xl font-black text-white">Organization not found</h1>
      <p className="text-slate-300">No organization has this address. Check the link you were given.</p>
      <ButtonLink to={paths.root} variant="secondary">
        Back to Home
      </ButtonLink>
    </Page>
  );
}
