import { type ReactNode, useId, useState } from 'react';
import type { F1Constructor, F1Driver } from '../../../../shared/contracts/pages/f1-season';
import { f1TopStandings, visibleStandings } from '../../../../shared/domain/f1';
import { type Column, ColumnHeaders, ScrollRegion } from '../../../components/table-parts';
import { cn } from '../../../lib/cn';
import type { F1ThemeClasses } from '../theme';
import { Flag } from './flag';

/** A standings table in its scrolling box: a caption for screen readers, the column headers, then the rows. */
function StandingsTable({
  label,
  t,
  id,
  minWidth,
  caption,
  columns,
  children,
}: {
  label: string;
  t: F1ThemeClasses;
  id?: string;
  /** The table's least width (a Tailwind `min-w-*` class), past which the box scrolls. */
  minWidth: string;
  caption: ReactNode;
  columns: readonly Column[];
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label} className={cn('overflow-x-auto rounded-2xl border', t.card)}>
      <table id={id} className={`w-full ${minWidth} text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={t.muted}>
          <tr className={cn('border-b', t.rule)}>
            <ColumnHeaders columns={columns} className={th} />
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

/** A standings row: the position, then the flag and name that head the row, then its own cells. */
function StandingRow({
  t,
  position,
  flag,
  name,
  children,
}: {
  t: F1ThemeClasses;
  position: number;
  flag: string;
  name: string;
  children: ReactNode;
}) {
  return (
    <tr className={cn('border-b last:border-b-0', t.rule)}>
      <td className={cn('px-3 py-2 font-bold tabular-nums', t.accent)}>{position}</td>
      <th scope="row" className={cn('px-3 py-2 text-left font-semibold whitespace-nowrap', t.heading)}>
        <Flag flag={flag} /> {name}
      </th>
      {children}
    </tr>
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
      <StandingsTable
        label="Driver standings"
        t={t}
        id={tableId}
        minWidth="min-w-[34rem]"
        caption={<>Driver standings, {showAll ? `all ${drivers.length} drivers` : `top ${f1TopStandings}`}</>}
        columns={driverColumns}
      >
        {rows.map((d) => (
          <StandingRow key={d.name} t={t} position={d.position} flag={d.flag} name={d.name}>
            <td className={cn('px-3 py-2 whitespace-nowrap', t.muted)}>{d.team}</td>
            <td className={cn(num, 'font-bold', t.heading)}>{d.points}</td>
            <td className={num}>{d.wins}</td>
            <td className={num}>{d.podiums}</td>
          </StandingRow>
        ))}
      </StandingsTable>
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
    <StandingsTable
      label="Constructor standings"
      t={t}
      minWidth="min-w-[18rem]"
      caption="Constructor standings"
      columns={constructorColumns}
    >
      {constructors.map((c, i) => (
        <StandingRow key={c.name} t={t} position={i + 1} flag={c.flag} name={c.name}>
          <td className={cn(num, 'font-bold', t.heading)}>{c.points}</td>
        </StandingRow>
      ))}
    </StandingsTable>
  );
}
