import { type ReactNode, useId, useState } from 'react';
import type { F1Constructor, F1Driver } from '../../../../shared/contracts/pages/f1-season';
import { f1TopStandings, visibleStandings } from '../../../../shared/domain/f1';
import { ColumnHeaders, ScrollRegion } from '../../../components/table-parts';
import { cn } from '../../../lib/cn';
import type { F1ThemeClasses } from '../theme';
import { Flag } from './flag';

function ScrollBox({ label, t, children }: { label: string; t: F1ThemeClasses; children: ReactNode }) {
  return (
    <ScrollRegion label={label} className={cn('overflow-x-auto rounded-2xl border', t.card)}>
      {children}
    </ScrollRegion>
  );
}

const th = 'px-3 py-2 text-left text-xs font-bold tracking-wider uppercase';
const num = 'px-3 py-2 text-right tabular-nums';
const right = (label: string) => ({ label, className: 'text-right' });
const driverColumns = [
  { label: 'Pos' },
  { label: 'Driver' },
  { label: 'Team' },
  ...['Points', 'Wins', 'Podiums'].map(right),
];
const constructorColumns = [{ label: 'Pos' }, { label: 'Constructor' }, right('Points')];

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
              <ColumnHeaders columns={driverColumns} className={th} />
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
            <ColumnHeaders columns={constructorColumns} className={th} />
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
