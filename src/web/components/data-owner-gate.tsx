import { type ReactNode, useDeferredValue } from 'react';
import { type DataOwner, useDataOwner } from '../lib/owner';
import { LoadFailed } from './layout/page';

/**
 * What shows the fan's own data: a retry when the session could not be checked, `loading` while it is
 * being checked, then `children` with whose data it is (the account's or this browser's).
 */
export function DataOwnerGate({
  loading,
  failedClassName,
  children,
}: {
  loading: ReactNode;
  /** A box around the retry, to space it inside its panel. */
  failedClassName?: string;
  children: (owner: DataOwner) => ReactNode;
}) {
  const { owner, me } = useDataOwner();
  // The fan's sections fill the screen: once whose data it is is known, they render in the background (a
  // deferred render yields every few milliseconds) instead of in one long task.
  const ready = useDeferredValue(owner !== undefined);
  if (me.isError) {
    const failed = <LoadFailed message="We couldn't check your account." onRetry={() => void me.refetch()} />;
    return failedClassName ? <div className={failedClassName}>{failed}</div> : failed;
  }
  return owner && ready ? children(owner) : loading;
}
