import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg pr-3 text-sm font-semibold text-slate-200 hover:text-brand-300"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
