import { noGoodsOrServices } from '../../../shared/domain/legal';
import { formatCents } from '../../../shared/domain/money';
import { testModeNotice } from '../../../shared/domain/payments';
import { donationDates } from '../../../shared/domain/receipt-dates';
import { escapeHtml } from '../../platform/mail/html';
import type { MailMessage } from '../../platform/mail/mailer';
import type { DonationRow } from './repo';

/**
 * The receipt a donor gets once the payment provider confirms the donation is paid: it names who receives the
 * gift and says that no goods or services were given for it. A test payment's
 * receipt says TEST MODE in its subject and as its first line, in both the HTML and the text.
 */
export function donationReceiptEmail(
  d: DonationRow,
  viewUrl: string,
  opts: { testMode: boolean; organization: string; manageUrl: string | null },
): MailMessage {
  // A receipt for a charitable gift: who received it, the amount and date, and that nothing was given in exchange.
  const charitable = `This is your receipt for a charitable gift to ${opts.organization}. ${noGoodsOrServices} Keep it for your records.`;
  const manage = opts.manageUrl
    ? {
        html: `<p><a href="${escapeHtml(opts.manageUrl)}" style="color:#fb923c">Manage your monthly gift</a></p>`,
        text: `Manage your monthly gift: ${opts.manageUrl}\n`,
      }
    : { html: '', text: '' };
  const game = (d.gameData as { title?: string }).title ?? 'FanGrid game';
  const lines: [string, string][] = [
    ['Reference', d.reference],
    ['Organization', opts.organization],
    // A gift made on an organization's own page has no game but the organization.
    ...(game === opts.organization ? [] : [['Game', game] as [string, string]]),
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
<p>${escapeHtml(charitable)}</p>
<p><a href="${escapeHtml(viewUrl)}" style="color:#fb923c">View your donation</a></p>
${manage.html}
</div></body></html>`,
    text: `${opts.testMode ? `${testModeNotice}\n\n` : ''}Thank you, ${d.donorName}!\n\nYour donation is confirmed.\n\n${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${charitable}\n\nView it: ${viewUrl}\n${manage.text}`,
  };
}
