import { formatDay } from './en-us';

/**
 * The dates a donation's success page and its receipt email both show, in the same words and the same
 * format: the game's date as the screen that started the donation gave it, and the day it was paid
 * (or started, while not yet paid), as a UTC calendar day so the browser and the server agree.
 */
export interface DatedDonation {
  gameData: { date?: string | undefined };
  createdAt: string | Date;
  completedAt: string | Date | null;
}

/** A calendar day in one format everywhere ('Nov 24, 2026'). */
export const formatReceiptDay = (at: string | Date) => formatDay(at, 'UTC');

export function donationDates(d: DatedDonation): [string, string][] {
  const rows: [string, string][] = [];
  if (d.gameData.date?.trim()) rows.push(['Game date', d.gameData.date]);
  rows.push([d.completedAt ? 'Paid on' : 'Started on', formatReceiptDay(d.completedAt ?? d.createdAt)]);
  return rows;
}
