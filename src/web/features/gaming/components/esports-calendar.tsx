import { CalendarDays, Clock, type LucideIcon, MapPin, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { EsportsEvent } from '../../../../shared/contracts/pages/gaming';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { esportsMonths, eventsInMonth } from '../../../../shared/domain/gaming';
import { formatCents } from '../../../../shared/domain/money';
import { StatusPill } from '../../../components/status-pill';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';

const statusStyle: Record<EsportsEvent['status'], { label: string; className: string }> = {
  live: { label: 'Live', className: 'bg-red-600 text-white' },
  completed: { label: 'Completed', className: 'bg-slate-600 text-white' },
  upcoming: { label: 'Upcoming', className: 'bg-sky-700 text-white' },
};

/** One fact of an event (its day, time, place, teams) after the icon that stands for it. */
function EventFact({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5">
      <Icon aria-hidden="true" className="size-4 shrink-0" /> {children}
    </li>
  );
}

function EventCard({ event }: { event: EsportsEvent }) {
  const style = statusStyle[event.status];
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-ink-700 bg-ink-900 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-bold text-white">{event.name}</h3>
          <p className="text-sm text-slate-400">{event.game}</p>
        </div>
        <StatusPill live={event.status === 'live'} className={style.className}>
          {style.label}
        </StatusPill>
      </div>
      <ul className="grid gap-1 text-sm text-slate-300 sm:grid-cols-2">
        <EventFact icon={CalendarDays}>{formatCalendarDay(event.date, { weekday: true })}</EventFact>
        <EventFact icon={Clock}>{event.time}</EventFact>
        <EventFact icon={MapPin}>{event.location}</EventFact>
        <EventFact icon={Users}>{event.teams} teams</EventFact>
      </ul>
      <p className="text-sm text-slate-200">
        Prize pool: <strong className="text-brand-300">{formatCents(event.prizePoolCents)}</strong>
      </p>
      {event.winner && (
        <p className="flex items-center gap-1.5 text-sm font-semibold text-court-400">
          <Trophy aria-hidden="true" className="size-4" /> Winner: {event.winner}
        </p>
      )}
    </li>
  );
}

/** The summer's 10 esports events, one tab per month (June, July, August). */
export function EsportsCalendar({ events }: { events: readonly EsportsEvent[] }) {
  return (
    <Tabs defaultValue={esportsMonths[0].key}>
      <TabsList aria-label="Month" className="w-full sm:w-fit">
        {esportsMonths.map((m) => (
          <TabsTrigger key={m.key} value={m.key} className="flex-1 sm:flex-none">
            {m.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {esportsMonths.map((m) => {
        const inMonth = eventsInMonth(events, m.month);
        return (
          <TabsContent key={m.key} value={m.key}>
            {inMonth.length === 0 ? (
              <p className="text-slate-300">No esports events in {m.label}.</p>
            ) : (
              <ul className="grid gap-3 md:grid-cols-2" aria-label={`${m.label} 2025 events`}>
                {inMonth.map((event) => (
                  <EventCard key={event.id} event={event} />
                ))}
              </ul>
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
