import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/layout/back-link';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { DonationForm } from '../../payments';
import { isUnknownOrg, publicOrgQuery } from '../api';
import { OrgHeader, OrgHeaderSkeleton, OrgNotFound, SuspendedNotice } from '../components/org-header';
import { orgPagePath } from '../org-paths';

/** The organization this page gives to, for the route's loader to ask for alongside this module. */
export const donateOrgQueryAt = (slug: string | undefined) => publicOrgQuery(slug ?? '');

/**
 * `/o/:org/donate`: a gift to the organization, one-time or monthly, through the checkout; the receipt and a
 * monthly gift's every renewal name the organization. A suspended organization takes no gift.
 */
export function OrgDonatePage() {
  const { org: slug = '' } = useParams();
  const org = useQuery(donateOrgQueryAt(slug));
  if (org.isError && isUnknownOrg(org.error)) return <OrgNotFound title="Organization not found" />;
  const data = org.data;
  const name = data?.organization.name;
  return (
    <Page title={name ? `Donate to ${name}` : 'Donate'} className="flex min-h-dvh max-w-2xl flex-col gap-6">
      <BackLink to={orgPagePath(slug)}>{name ? `Back to ${name}` : 'Back to the organization'}</BackLink>
      {org.isError ? (
        <LoadFailed message="We couldn't load this organization." onRetry={() => void org.refetch()} />
      ) : !data ? (
        <div aria-busy="true" className="flex flex-col gap-6">
          <OrgHeaderSkeleton />
          <Skeleton className="h-[46rem] sm:h-[40rem]" />
        </div>
      ) : (
        <>
          <OrgHeader org={data.organization} eyebrow="Donate to" />
          {data.organization.suspended ? (
            <SuspendedNotice />
          ) : (
            <DonationForm
              kind="game"
              gameData={{ title: data.organization.name, organization: data.organization.name }}
              organization={data.organization.slug}
              allowRecurring
              withPhoneAndMessage
              onStarted={(s) => window.location.assign(s.url)}
            />
          )}
        </>
      )}
    </Page>
  );
}
