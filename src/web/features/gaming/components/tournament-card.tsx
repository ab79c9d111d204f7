import type { ReactNode } from 'react';
import type { GamingCatalog } from '../../../../shared/contracts/pages/gaming-catalog';
import { formatCents } from '../../../../shared/domain/money';
import { LinkCard, LinkCardFoot } from '../../../components/link-card';
import { TournamentStatus } from './tournament-status';

/** One tournament's card in a list: its name and status, the lines `children` gives, then its prize pool. */
export function TournamentCard({
  tournament: t,
  children,
}: {
  tournament: GamingCatalog['tournaments'][number];
  children: ReactNode;
}) {
  return (
    <li>
      <LinkCard to={`/${t.slug}`}>
        <span className="flex items-start justify-between gap-2">
          <span className="text-lg font-bold text-white">{t.name}</span>
          <TournamentStatus status={t.status} />
        </span>
        {children}
        <LinkCardFoot>{formatCents(t.prizePoolCents)} prize pool</LinkCardFoot>
      </LinkCard>
    </li>
  );
}
