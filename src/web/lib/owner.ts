import { useQuery } from '@tanstack/react-query';
import { meQuery } from './session';

/**
 * Whose Fan Central data a screen shows: a signed-in fan's (kept on the server) or a visitor's (kept in
 * this browser). Query keys carry `ownerKey`, so signing in or out never shows the other one's data.
 */
export type DataOwner = { kind: 'account'; userId: string } | { kind: 'local' };

export const ownerKey = (owner: DataOwner) => (owner.kind === 'account' ? owner.userId : 'local');

/** The current owner, undefined while the session is being checked (or could not be). */
export function useDataOwner() {
  const me = useQuery(meQuery);
  const owner: DataOwner | undefined =
    me.isPending || me.isError ? undefined : me.data ? { kind: 'account', userId: me.data.id } : { kind: 'local' };
  return { owner, me };
}
