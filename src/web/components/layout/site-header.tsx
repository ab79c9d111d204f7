import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { cn } from '../../lib/cn';
import { Icon } from '../ui/icon';
import { Logo } from './logo';

const navItems = [
  { to: paths.sports, label: 'Sports' },
  { to: paths.entered, label: 'My entries' },
  { to: paths.gaming, label: 'Gaming' },
  { to: paths.fanPage, label: 'Fan Page' },
  { to: paths.partners, label: 'Partners' },
  { to: paths.faq, label: 'FAQ' },
];

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
    isActive ? 'bg-ink-800 text-brand-300' : 'text-slate-200 hover:bg-ink-800 hover:text-white',
  );
}

export function SiteHeader({ actions }: { actions?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  // Close the phone menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-ink-700 bg-ink-900/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={paths.root} className="flex items-center gap-2 rounded-lg" aria-label="FanGrid home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto md:ml-0">{actions}</div>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-200 hover:bg-ink-800 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          <Icon name={open ? 'close' : 'menu'} className="size-6" />
        </button>
      </div>
      <nav id={menuId} aria-label="Main" hidden={!open} className="border-t border-ink-700 md:hidden">
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={(s) => cn(navClass(s), 'block py-3')}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
