import { useState } from 'react';
import { type F1Theme, parseF1Theme } from '../../../shared/domain/f1';
import { readJson, writeJson } from '../../lib/storage';

/** Where the F1 page remembers the visitor's dark/light choice. */
export const f1ThemeStorageKey = 'f1Theme';

/** Class names per role, per theme. Every text/background pair meets WCAG AA (4.5:1) in both themes. */
export interface F1ThemeClasses {
  page: string;
  card: string;
  inset: string;
  heading: string;
  text: string;
  muted: string;
  accent: string;
  link: string;
  rule: string;
  control: string;
}

export const f1Themes: Record<F1Theme, F1ThemeClasses> = {
  dark: {
    page: 'bg-ink-900 text-slate-100',
    card: 'border-ink-700 bg-ink-850',
    inset: 'border-ink-700 bg-ink-900',
    heading: 'text-white',
    text: 'text-slate-100',
    muted: 'text-slate-300',
    accent: 'text-red-400',
    link: 'text-slate-200 hover:text-red-300',
    rule: 'border-ink-700',
    control: 'border-ink-600 bg-ink-800 text-slate-100 hover:border-red-400',
  },
  light: {
    // The global focus ring (brand orange) is too faint on white: a dark red ring instead.
    page: 'bg-slate-100 text-slate-900 [&_:focus-visible]:outline-red-700',
    card: 'border-slate-300 bg-white',
    inset: 'border-slate-200 bg-slate-50',
    heading: 'text-slate-950',
    text: 'text-slate-900',
    muted: 'text-slate-600',
    accent: 'text-red-700',
    link: 'text-slate-800 hover:text-red-700',
    rule: 'border-slate-200',
    control: 'border-slate-400 bg-white text-slate-900 hover:border-red-700',
  },
};

/** The page's theme, starting from the saved choice and saving every change. */
export function useF1Theme(): [F1Theme, () => void] {
  const [theme, setTheme] = useState<F1Theme>(() => parseF1Theme(readJson(f1ThemeStorageKey)));
  const toggle = () => {
    const next: F1Theme = theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    writeJson(f1ThemeStorageKey, next);
  };
  return [theme, toggle];
}
