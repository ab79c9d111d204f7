import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Me } from '../../../../shared/contracts/accounts';
import type { OrgRole } from '../../../../shared/domain/org-roles';
import { paths } from '../../../app/paths';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { Button, ButtonLink, type ButtonVariant } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { meQuery } from '../../../lib/session';
import { signInPathFor } from '../../../lib/sign-in-return';
import { roleLabels } from '../member-rules';

/** An organization's screen address. */
export const orgPath = (slug: string) => `${paths.orgs}/${encodeURIComponent(slug)}`;

/**
 * A screen for signed-in people: its content once the account is known, a placeholder of `placeholder`'s
 * blocks meanwhile, and a visitor is sent to sign in and comes back to this screen.
 */
export function SignedIn({
  placeholder,
  children,
}: {
  placeholder: readonly string[];
  children: (me: Me) => ReactNode;
}) {
  const me = useQuery(meQuery);
  const location = useLocation();
  if (me.isPending) return <LoadingStack blocks={placeholder} />;
  if (!me.data) return <Navigate to={signInPathFor(location.pathname)} replace />;
  return children(me.data);
}

/** An organization's logo, or a building in its place; `alt` is empty where its name is written beside it. */
export function OrgLogo({ logo, size = 'md' }: { logo: string | null; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-20' : 'size-12';
  return logo ? (
    <img src={logo} alt="" className={cn(box, 'shrink-0 rounded-xl bg-white/95 object-contain p-1.5')} />
  ) : (
    <span
      aria-hidden="true"
      className={cn(box, 'grid shrink-0 place-items-center rounded-xl bg-ink-700 text-brand-300')}
    >
      <Building2 className={size === 'lg' ? 'size-9' : 'size-6'} />
    </span>
  );
}

/** The caller's (or a member's) role as a small pill. */
export function RolePill({ role }: { role: OrgRole }) {
  return (
    <span className="rounded-full border border-brand-400/40 bg-brand-500/10 px-2.5 py-0.5 text-xs font-bold text-brand-300">
      {roleLabels[role]}
    </span>
  );
}

/** A refusal or failure the server explained, in place, read out as it appears. */
export function Problem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl border border-red-400/50 bg-red-950/50 p-3 text-sm text-red-100">
      {children}
    </p>
  );
}

/** What an organization's screen shows to anyone who is not its member (the server's 404: nothing more). */
export function OrgNotFound({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-2xl border border-ink-700 bg-ink-850 p-6">
      <h1 className="text-2xl font-black text-white">{message}</h1>
      <p className="text-slate-300">It does not exist, or your account is not one of its members.</p>
      <ButtonLink to={paths.orgs} variant="outline">
        Your organizations
      </ButtonLink>
    </div>
  );
}

/** Asks before an action that cannot be undone; the confirm button waits while it runs. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  busyLabel,
  pending,
  onConfirm,
  variant = 'danger',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  pending: boolean;
  onConfirm: () => void;
  variant?: ButtonVariant;
  /** The server's refusal, when it gave one. */
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Keep it
        </Button>
        <Button variant={variant} disabled={pending} onClick={onConfirm}>
          {pending ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
