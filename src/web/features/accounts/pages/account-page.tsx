import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Page, Skeleton } from '../../../components/layout/page';
import { meQuery } from '../api';
import { TwoFactorSettings } from '../components/two-factor-settings';

/** Account settings: who is signed in, and two-factor authentication. A visitor is asked to sign in. */
export function AccountPage() {
  const me = useQuery(meQuery);
  return (
    <Page title="Account settings" className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-black text-white">Account settings</h1>
      {me.isPending ? (
        <Skeleton className="h-40" />
      ) : !me.data ? (
        <p className="text-slate-300">
          <Link to={paths.login} className="font-semibold text-brand-300 underline">
            Sign in
          </Link>{' '}
          to see your account settings.
        </p>
      ) : (
        <>
          <p className="text-slate-300">
            Signed in as <span className="font-semibold text-white">{me.data.name}</span> ({me.data.email})
          </p>
          <TwoFactorSettings />
        </>
      )}
    </Page>
  );
}
