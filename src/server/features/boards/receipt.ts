import type { Axes } from '../../../shared/domain/boards';
import { type CellTeams, describeCells } from '../../../shared/domain/cells';
import { type BoardMode, boardModeLabels, entryMoneyWords } from '../../../shared/domain/legal';
import { formatCents } from '../../../shared/domain/money';
import { testModeNotice } from '../../../shared/domain/payments';
import { escapeHtml } from '../../platform/mail/html';
import type { MailMessage } from '../../platform/mail/mailer';

/** What a paid board entry's receipt states. */
export interface EntryReceipt {
  to: string;
  boardTitle: string;
  /** Who runs the board (FanGrid when it names no organization). */
  organizer: string;
  mode: BoardMode;
  code: string;
  ticketNumber: string;
  /** The entry's cells, 0-99 row by row, named by the teams' digits once drawn and by their place. */
  cells: readonly number[];
  teams: CellTeams;
  /** The board's drawn digits, or null before its draw (entries are paid for before it, as a rule). */
  axes: Axes | null;
  amountCents: number;
  paidAt: Date;
  testMode: boolean;
  boardUrl: string;
  rulesUrl: string;
}

/**
 * The receipt of a paid board entry, sent once its payment is confirmed. An entry is the price of a place on
 * a board, never a gift: the receipt says what kind of board it is and that the money is neither a donation
 * nor tax-deductible, so nobody files it as one. A test payment says TEST MODE first, as every receipt does.
 */
export function entryReceiptEmail(r: EntryReceipt): MailMessage {
  const lines: [string, string][] = [
    ['Board', r.boardTitle],
    ['Run by', r.organizer],
    ['Kind of board', boardModeLabels[r.mode]],
    ['Your code', r.code],
    ['Ticket', r.ticketNumber],
    [r.cells.length === 1 ? 'Cell' : 'Cells', describeCells(r.teams, r.cells, r.axes)],
    [entryMoneyWords.amount, formatCents(r.amountCents, { whole: false })],
    ['Paid on', r.paidAt.toISOString().slice(0, 10)],
  ];
  const drawn = r.axes ? '' : " Your cells' numbers are drawn when the board locks.";
  const statement = `This is the receipt for a paid entry. ${entryMoneyWords.notDonation}${drawn}`;
  const rows = lines
    .map(([k, v]) => `<tr><td style="color:#94a3b8;padding:4px 12px 4px 0">${k}</td><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  const notice = r.testMode
    ? `<p style="margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#fbbf24;color:#1c1917;font-weight:800">${testModeNotice}</p>\n`
    : '';
  return {
    to: r.to,
    subject: `${r.testMode ? '[TEST MODE] ' : ''}Your FanGrid entry receipt (ticket ${r.ticketNumber})`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b1120;color:#e2e8f0;padding:24px">
<div style="max-width:520px;margin:auto;background:#101829;border-radius:16px;padding:24px">
${notice}<h1 style="color:#fff;font-size:22px">You're on the board</h1>
<p>Your entry is paid and confirmed.</p><table>${rows}</table>
<p>${escapeHtml(statement)}</p>
<p><a href="${escapeHtml(r.boardUrl)}" style="color:#fb923c">Your board</a> · <a href="${escapeHtml(r.rulesUrl)}" style="color:#fb923c">Official rules</a></p>
</div></body></html>`,
    text: `${r.testMode ? `${testModeNotice}\n\n` : ''}You're on the board\n\nYour entry is paid and confirmed.\n\n${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${statement}\n\nYour board: ${r.boardUrl}\nOfficial rules: ${r.rulesUrl}\n`,
  };
}
