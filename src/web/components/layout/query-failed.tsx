import { messageOf } from '../../lib/form';
import { LoadFailed } from './page';

/** A query that failed to load: the server's message when it gave one (else `fallback`), and a retry of it. */
export function QueryFailed({
  query,
  fallback,
}: {
  query: { error: unknown; refetch: () => unknown };
  /** What to say when the failure carries no message of the server's (else a general line). */
  fallback?: string;
}) {
  return <LoadFailed message={messageOf(query.error, fallback)} onRetry={() => void query.refetch()} />;
}
