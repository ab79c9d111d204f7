import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { buttonClasses } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useToast } from '../../../components/ui/toast';
import { signOut as endSession, meQuery } from '../../../lib/session';

/** Header corner: the signed-in fan's name and Sign out, or a Sign in link. */
export function UserMenu() {
  const me = useQuery(meQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [signingOut, setSigningOut] = useState(false);
  // A plain handler rather than useMutation: this sits in the app shell, inside the first-load budget.
  const signOut = async () => {
    setSigningOut(true);
    try {
      await endSession();
      queryClient.setQueryData(meQuery.queryKey, null);
      toast({ title: 'Signed out', description: 'See you on game day.' });
      navigate(paths.home);
    } catch (err) {
      toast({ title: 'Sign-out failed', description: (err as Error).message, variant: 'error' });
    } finally {
      setSigningOut(false);
    }
  };

  if (me.isPending) return <span className="h-9 w-20" aria-hidden="true" />;
  if (!me.data) {
    return (
      <Link to={paths.login} className={buttonClasses('outline', 'sm')}>
        Sign in
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Link to={paths.account} className="max-w-40 truncate text-sm text-slate-200 underline-offset-4 hover:underline">
        <span className="sr-only">Account settings: </span>
        <span className="hidden sm:inline" data-testid="signed-in-user">
          {me.data.name}
        </span>
        <span className="sm:hidden">Account</span>
      </Link>
      {/* An icon on narrower screens, its words from xl up; its name is the same either way. */}
      <Link to={paths.orgs} className={buttonClasses('ghost', 'sm')} aria-label="Your organizations">
        <Icon name="handshake" className="size-5 xl:hidden" />
        <span className="hidden xl:inline">Your organizations</span>
      </Link>
      <button
        type="button"
        className={buttonClasses('ghost', 'sm')}
        onClick={() => void signOut()}
        disabled={signingOut}
        aria-label={`Sign out ${me.data.name}`}
      >
        Sign out
      </button>
    </div>
  );
}
