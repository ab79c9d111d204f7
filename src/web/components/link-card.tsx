import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { cn } from '../lib/cn';
import { Icon } from './ui/icon';

/**
 * A card that is one link (a tournament, a category, a game board): its border lights up on hover and its
 * arrow (`LinkCardArrow`) slides. `className` sets the gap between its lines (and any extra layout).
 */
export function LinkCard({ to, className = 'gap-2', children }: { to: To; className?: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={cn(
        'group flex h-full flex-col rounded-2xl border border-ink-700 bg-ink-850 p-5 transition-colors hover:border-brand-400',
        className,
      )}
    >
      {children}
    </Link>
  );
}

/**
 * The arrow at the foot of a `LinkCard` that slides when the card is hovered: the shell's inline icon, not
 * the icon library's, which would add its 7 KB chunk to the first load of / (the home page's cards).
 */
export function LinkCardArrow({ className }: { className?: string }) {
  return <Icon name="arrowRight" className={cn(className, 'size-4 transition-transform group-hover:translate-x-1')} />;
}

/** The foot line of a `LinkCard`: what it leads to (a prize pool, a count) and the arrow, pushed to the bottom. */
export function LinkCardFoot({ children }: { children: ReactNode }) {
  return (
    <span className="mt-auto flex items-center justify-between text-sm font-semibold text-brand-300">
      {children}
      <LinkCardArrow />
    </span>
  );
}
