import { type ReactNode, useId, useState } from 'react';
import type { F1Constructor, F1Driver } from '../../../../shared/contracts/pages/f1-season';
import { f1TopStandings, visibleStandings } from '../../../../shared/domain/f1';
import { cn } from '../../../lib/cn';
import type { F1ThemeClasses } from '../theme';
import { Flag } from './flag';

function ScrollBox({ label, t, children }: { label: string; t: F1ThemeClasses; children: ReactNode }) {
  // Focusable so keyboard users can scroll a table that is wider than a phone.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className={cn('overflow-x-auto rounded-2xl border', t.card)}>
      {children}
    </section>
  );
}

const th = 'px-3 py-2 text-left text-xs font-bold tracking-wider uppercase';
const num = 'px-3 py-2 text-right tabular-nums';

export function DriverStandings({ drivers, t }: { drivers: F1Driver[]; t: F1ThemeClasses }) {
  const [showAll, setShowAll] = useState(false);
  const tableId = useId();
  const rows = visibleStandings(drivers, showAll);
  return (
    <>
      <ScrollBox label="Driver standings" t={t}>
        <table id={tableId} className="w-full min-w-[34rem] text-sm">
          <caption className="sr-only">
            Driver standings, {showAll ? `all ${drivers.length} drivers` : `top ${f1TopStandings}`}
          </caption>
          <thead className={t.muted}>
            <tr className={cn('border-b', t.rule)}>
              <th scope="col" className={th}>
                Pos
              </th>
              <th scope="col" className={th}>
                Driver
              </th>
              <th scope="col" className={th}>
                Team
              </th>
              <th scope="col" className={cn(th, 'text-right')}>
                Points
              </th>
              <th scope="col" className={cn(th, 'text-right')}>
                Wins
              </th>
              <th scope="col" className={cn(th, 'text-right')}>
                Podiums
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.name} className={cn('border-b last:border-b-0', t.rule)}>
                <td className={cn('px-3 py-2 font-bold tabular-nums', t.accent)}>{d.position}</td>
                <th scope="row" className={cn('px-3 py-2 text-left font-semibold whitespace-nowrap', t.heading)}>
                  <Flag flag={d.flag} /> {d.name}
                </th>
                <td className={cn('px-3 py-2 whitespace-nowrap', t.muted)}>{d.team}</td>
                <td className={cn(num, 'font-bold', t.heading)}>{d.points}</td>
                <td className={num}>{d.wins}</td>
                <td className={num}>{d.podiums}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {drivers.length > f1TopStandings && (
        <button
          type="button"
          aria-expanded={showAll}
          aria-controls={tableId}
          onClick={() => setShowAll((v) => !v)}
          className={cn(
            'mt-3 inline-flex min-h-11 items-center rounded-xl border px-4 text-sm font-semibold',
            t.control,
          )}
        >
          {showAll ? `Show top ${f1TopStandings}` : `Show all ${drivers.length} drivers`}
        </button>
      )}
    </>
  );
}

export function ConstructorStandings({ constructors, t }: { constructors: F1Constructor[]; t: F1ThemeClasses }) {
  return (
    <ScrollBox label="Constructor standings" t={t}>
      <table className="w-full min-w-[18rem] text-sm">
        <caption className="sr-only">Constructor standings</caption>
        <thead className={t.muted}>
          <tr className={cn('border-b', t.rule)}>
            <th scope="col" className={th}>
              Pos
            </th>
            <th scope="col" className={th}>
              Constructor
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {constructors.map((c, i) => (
            <tr key={c.name} className={cn('border-b last:border-b-0', t.rule)}>
              <td className={cn('px-3 py-2 font-bold tabular-nums', t.accent)}>{i + 1}</td>
              <th scope="row" className={cn('px-3 py-2 text-left font-semibold whitespace-nowrap', t.heading)}>
                <Flag flag={c.flag} /> {c.name}
              </th>
              <td className={cn(num, 'font-bold', t.heading)}>{c.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
