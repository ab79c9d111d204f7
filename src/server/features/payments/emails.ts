import { formatCents } from '../../../shared/domain/money';
import { donationDates } from '../../../shared/domain/receipt-dates';
import type { MailMessage } from '../../platform/mail/mailer';
import type { DonationRow } from './repo';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What a receipt of a test payment says first, in its subject and its first line: no money moved. */
export const testModeNotice = 'TEST MODE: no money moved. This receipt is for a test payment.';

/**
 * The receipt a donor gets once the payment provider confirms the donation is paid. A test payment's
 * receipt says TEST MODE in its subject and as its first line, in both the HTML and the text.
 */
export function donationReceiptEmail(d: DonationRow, viewUrl: string, opts: { testMode: boolean }): MailMessage {
  const game = (d.gameData as { title?: string }).title ?? 'FanGrid game';
  const lines: [string, string][] = [
    ['Reference', d.reference],
    ['Game', game],
    ['Amount', `${formatCents(d.amountCents, { whole: false })}${d.type === 'recurring' ? ' every month' : ''}`],
    // The same dates, in the same words, as the donation's success page.
    ...donationDates({ ...d, gameData: d.gameData as { date?: string } }),
  ];
  const rows = lines
    .map(([k, v]) => `<tr><td style="color:#94a3b8;padding:4px 12px 4px 0">${k}</td><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  return {
    to: d.donorEmail,
    subject: `${opts.testMode ? '[TEST MODE] ' : ''}Your FanGrid donation receipt (${d.reference})`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b1120;color:#e2e8f0;padding:24px">
<div style="max-width:520px;margin:auto;background:#101829;border-radius:16px;padding:24px">
${
  opts.testMode
    ? `<p style="margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#fbbf24;color:#1c1917;font-weight:800">${testModeNotice}</p>
`
    : ''
}<h1 style="color:#fff;font-size:22px">Thank you, ${escapeHtml(d.donorName)}!</h1>
<p>Your donation is confirmed.</p><table>${rows}</table>
<p><a href="${escapeHtml(viewUrl)}" style="color:#fb923c">View your donation</a></p>
</div></body></html>`,
    text: `${opts.testMode ? `${testModeNotice}\n\n` : ''}Thank you, ${d.donorName}!\n\nYour donation is confirmed.\n\n${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nView it: ${viewUrl}\n`,
  };
}
