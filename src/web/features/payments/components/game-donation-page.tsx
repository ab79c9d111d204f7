import type { ReactNode } from 'react';
import { BackLink } from '../../../components/layout/back-link';
import { Page } from '../../../components/layout/page';
import { NoDataPage } from './no-data';

/** A game's donation screen as a whole: its page title and the way back to the list its game is chosen on. */
interface DonationScreen {
  pageTitle: string;
  back: { to: string; label: string };
}

/** The donation screen opened without a game (a reload or a typed address): the way back to choose one. */
export function NoGameData({ pageTitle, back, text }: DonationScreen & { text: string }) {
  return <NoDataPage pageTitle={pageTitle} title="No Game Data Found" text={text} to={back.to} action={back.label} />;
}

/** A game's donation screen: the way back, 'Support …' over the game's details, then the form. */
export function GameDonationPage({
  pageTitle,
  back,
  title,
  details,
  children,
}: DonationScreen & { title: string; details: ReactNode; children: ReactNode }) {
  return (
    <Page title={pageTitle} className="flex max-w-2xl flex-col gap-6">
      <BackLink to={back.to}>{back.label}</BackLink>
      <header>
        <h1 className="text-3xl font-black text-white sm:text-4xl">Support {title}</h1>
        {details}
      </header>
      {children}
    </Page>
  );
}
