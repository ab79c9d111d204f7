import { createElement } from 'react';

/**
 * Icons of the app shell and first-load screens, as data rendered inline (path data from lucide, ISC
 * licence). Keeping them out of the icon library's runtime keeps the first load of / within its JS
 * budget (docs/decisions/0002-first-load-budget.md); later screens may use lucide-react directly. An icon's
 * shapes are each a path's `d` (a string) or another shape's tag and attributes.
 */
type IconNode = Array<string | [string, Record<string, string>]>;

const iconNodes = {
  football: [
    'm10 10 4 4',
    'm13 7 4 4',
    'M15.34 2.138A15 15 0 002.138 15.34c-.357 2.94.004 4.919.805 5.717.798.8 2.778 1.162 5.718.805A15 15 0 0021.862 8.661c.357-2.94-.004-4.92-.805-5.718-.798-.8-2.778-1.162-5.717-.805',
    'M17 7 7 17',
    'm7 13 4 4',
  ],
  basketball: [
    'M11 7a16 16 20 0 1 10.98 4.362',
    'M12 12a13 13 0 0 1-8.66 5',
    'M16.83 13.634a16 16 0 0 1-9.267 7.328',
    'M20.66 17A13 13 0 0 0 12 12a13 13 0 0 1 0-10',
    'M8.17 15.366a16 16 0 0 1-1.713-11.69',
    ['circle', { cx: '12', cy: '12', r: '10' }],
  ],
  baseball: [
    ['circle', { cx: '12', cy: '12', r: '1' }],
    ['circle', { cx: '12', cy: '12', r: '10' }],
  ],
  soccer: ['M12 13V2l8 4-8 4', 'M20.561 10.222a9 9 0 1 1-12.55-5.29', 'M8.002 9.997a5 5 0 1 0 8.9 2.02'],
  gaming: [
    ['line', { x1: '6', x2: '10', y1: '11', y2: '11' }],
    ['line', { x1: '8', x2: '8', y1: '9', y2: '13' }],
    ['line', { x1: '15', x2: '15.01', y1: '12', y2: '12' }],
    ['line', { x1: '18', x2: '18.01', y1: '10', y2: '10' }],
    'M17.32 5H6.68a4 4 0 0 0-3.978 3.59c-.006.052-.01.101-.017.152C2.604 9.416 2 14.456 2 16a3 3 0 0 0 3 3c1 0 1.5-.5 2-1l1.414-1.414A2 2 0 0 1 9.828 16h4.344a2 2 0 0 1 1.414.586L17 18c.5.5 1 1 2 1a3 3 0 0 0 3-3c0-1.545-.604-6.584-.685-7.258-.007-.05-.011-.1-.017-.151A4 4 0 0 0 17.32 5z',
  ],
  zap: [
    'M15.914 4a1.5 1.5 0 00-2.474-1.561l-9 9A1.5 1.5 0 005.5 14h4.002a.5.5 0 01.471.666L8.086 20a1.5 1.5 0 002.475 1.56l9-9A1.5 1.5 0 0018.5 10h-3.997a.5.5 0 01-.472-.667z',
  ],
  target: [
    ['circle', { cx: '12', cy: '12', r: '10' }],
    ['circle', { cx: '12', cy: '12', r: '6' }],
    ['circle', { cx: '12', cy: '12', r: '2' }],
  ],
  trophy: [
    'M10 14.66V17a1 1 0 0 1-1 1 2 2 0 0 0-2 2v2',
    'M14 14.66V17a1 1 0 0 0 1 1 2 2 0 0 1 2 2v2',
    'M17.916 10H19.5A2.5 2.5 0 0 0 22 7.5V5a1 1 0 0 0-1-1h-3',
    'M4 22h16',
    'M6 9a6 6 0 0 0 12 0V3a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1z',
    'M6.084 10H4.5A2.5 2.5 0 0 1 2 7.5V5a1 1 0 0 1 1-1h3',
  ],
  grid: [
    ['rect', { width: '18', height: '18', x: '3', y: '3', rx: '2' }],
    'M3 9h18',
    'M3 15h18',
    'M9 3v18',
    'M15 3v18',
  ],
  flag: [
    'M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528',
  ],
  handshake: [
    'm11 17 2 2a1 1 0 1 0 3-3',
    'm14 14 2.5 2.5a1 1 0 1 0 3-3l-3.88-3.88a3 3 0 0 0-4.24 0l-.88.88a1 1 0 1 1-3-3l2.81-2.81a5.79 5.79 0 0 1 7.06-.87l.47.28a2 2 0 0 0 1.42.25L21 4',
    'm21 3 1 11h-2',
    'M3 3 2 14l6.5 6.5a1 1 0 1 0 3-3',
    'M3 4h8',
  ],
  sparkles: [
    'M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z',
    'M20 2v4',
    'M22 4h-4',
    ['circle', { cx: '4', cy: '20', r: '2' }],
  ],
  menu: ['M4 6h16M4 12h16M4 18h16'],
  close: ['M18 6 6 18M6 6l12 12'],
  info: [['circle', { cx: '12', cy: '12', r: '10' }], 'M12 16v-4M12 8h.01'],
  success: [['circle', { cx: '12', cy: '12', r: '10' }], 'm9 12 2 2 4-4'],
  alert: [['circle', { cx: '12', cy: '12', r: '10' }], 'M12 8v4M12 16h.01'],
  arrowRight: ['M5 12h14', 'm12 5 7 7-7 7'],
  megaphone: [
    'M11 6a13 13 0 0 0 8.4-2.8A1 1 0 0 1 21 4v12a1 1 0 0 1-1.6.8A13 13 0 0 0 11 14H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z',
    'M6 14a12 12 0 0 0 2.4 7.2 2 2 0 0 0 3.2-2.4A8 8 0 0 1 10 14',
    'M8 6v8',
  ],
} satisfies Record<string, IconNode>;

export type IconName = keyof typeof iconNodes;

export function Icon({ name, className }: { name: string; className?: string }) {
  const node: IconNode = iconNodes[name as IconName] ?? iconNodes.sparkles;
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {node.map((n, i) =>
        typeof n === 'string' ? createElement('path', { key: i, d: n }) : createElement(n[0], { key: i, ...n[1] }),
      )}
    </svg>
  );
}
