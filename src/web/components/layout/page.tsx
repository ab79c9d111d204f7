import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** Standard page container; sets the document title for the screen. */
export function Page({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-6 sm:py-10', className)}>
      <title>{`${title} · FanGrid`}</title>
      {children}
    </div>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-400/40 bg-red-950/40 p-5 text-red-100">
      <p className="font-semibold">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-lg bg-red-800 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
      >
        Try again
      </button>
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-2xl bg-ink-800 motion-reduce:animate-none', className)}
    />
  );
}
