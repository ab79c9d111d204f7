import { formatDay } from '../../../shared/domain/en-us';
import { formatCents } from '../../../shared/domain/money';
import { testModeNotice } from '../../../shared/domain/payments';
import { escapeHtml } from '../../platform/mail/html';
import type { MailMessage } from '../../platform/mail/mailer';

/** The label of the link every monthly-gift receipt carries. */
export const manageLinkLabel = 'Manage your monthly gift';

/** What a receipt for a charitable gift says: who received it, and that nothing was given in exchange. */
export const charitableWording = (organization: string) =>
  `This is your receipt for a charitable gift to ${organization}. No goods or services were provided in exchange for this gift. Keep it for your records.`;

const money = (cents: number) => formatCents(cents, { whole: false });
const day = (d: Date) => formatDay(d, 'UTC', { longMonth: true });

/** One mail in the house style: a title, paragraphs, an optional table of facts, and links. */
function mail(opts: {
  to: string;
  subject: string;
  title: string;
  paragraphs: string[];
  rows?: [string, string][];
  links?: { label: string; url: string }[];
  testMode: boolean;
}): MailMessage {
  const rows = opts.rows ?? [];
  const links = opts.links ?? [];
  const table = rows.length
    ? `<table>${rows.map(([k, v]) => `<tr><td style="color:#94a3b8;padding:4px 12px 4px 0">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`
    : '';
  return {
    to: opts.to,
    subject: `${opts.testMode ? '[TEST MODE] ' : ''}${opts.subject}`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b1120;color:#e2e8f0;padding:24px">
<div style="max-width:520px;margin:auto;background:#101829;border-radius:16px;padding:24px">
${opts.testMode ? `<p style="margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#fbbf24;color:#1c1917;font-weight:800">${testModeNotice}</p>\n` : ''}<h1 style="color:#fff;font-size:22px">${escapeHtml(opts.title)}</h1>
${opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${table}
${links.map((l) => `<p><a href="${escapeHtml(l.url)}" style="color:#fb923c">${escapeHtml(l.label)}</a></p>`).join('\n')}
</div></body></html>`,
    text: `${opts.testMode ? `${testModeNotice}\n\n` : ''}${opts.title}\n\n${opts.paragraphs.join('\n\n')}\n${rows.length ? `\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n` : ''}${links.map((l) => `\n${l.label}: ${l.url}`).join('')}\n`,
  };
}

export interface GiftFacts {
  to: string;
  donorName: string;
  organization: string;
  testMode: boolean;
  manageUrl: string;
}

/** A paid renewal's receipt. */
export function renewalReceiptEmail(g: GiftFacts, c: { reference: string; amountCents: number; at: Date }) {
  return mail({
    to: g.to,
    subject: `Your monthly gift receipt (${c.reference})`,
    title: `Thank you, ${g.donorName}!`,
    paragraphs: [`Your monthly gift to ${g.organization} renewed.`, charitableWording(g.organization)],
    rows: [
      ['Reference', c.reference],
      ['Organization', g.organization],
      ['Amount', money(c.amountCents)],
      ['Date', day(c.at)],
    ],
    links: [{ label: manageLinkLabel, url: g.manageUrl }],
    testMode: g.testMode,
  });
}

/** A renewal the card did not pay: the gift is past due until the card is updated. */
export function renewalFailedEmail(g: GiftFacts, c: { amountCents: number; at: Date }) {
  return mail({
    to: g.to,
    subject: 'Your monthly gift could not be charged',
    title: 'We could not charge your card',
    paragraphs: [
      `Your monthly gift of ${money(c.amountCents)} to ${g.organization} on ${day(c.at)} was declined. Update your card to keep your gift going; nothing else is needed.`,
    ],
    links: [{ label: 'Update your card', url: g.manageUrl }],
    testMode: g.testMode,
  });
}

/** The confirmation of a change the donor made. */
export function giftChangedEmail(
  g: GiftFacts,
  change: { kind: 'amount'; amountCents: number; from: Date } | { kind: 'card' } | { kind: 'cancel'; endsAt: Date },
) {
  const what =
    change.kind === 'amount'
      ? {
          subject: 'Your monthly gift amount changed',
          line: `From ${day(change.from)} on, your monthly gift to ${g.organization} is ${money(change.amountCents)}.`,
        }
      : change.kind === 'card'
        ? {
            subject: 'Your monthly gift card was updated',
            line: `Your monthly gift to ${g.organization} now charges the card you just entered.`,
          }
        : {
            subject: 'Your monthly gift is cancelled',
            line: `Your monthly gift to ${g.organization} is cancelled: no further charge will be made. It ends on ${day(change.endsAt)}.`,
          };
  return mail({
    to: g.to,
    subject: what.subject,
    title: what.subject,
    paragraphs: [what.line, 'If you did not make this change, reply to this email.'],
    links: [{ label: manageLinkLabel, url: g.manageUrl }],
    testMode: g.testMode,
  });
}

/** The single-use sign-in link to the donor's page. */
export function manageLinkEmail(to: string, link: string, minutes: number) {
  return mail({
    to,
    subject: 'Your link to manage your monthly gifts',
    title: manageLinkLabel,
    paragraphs: [
      `This link signs you in to your monthly gifts. It works once, within ${minutes} minutes.`,
      'If you did not ask for it, ignore this email.',
    ],
    links: [{ label: manageLinkLabel, url: link }],
    testMode: false,
  });
}

/** The January email with last year's giving statement: the totals per organization, and the PDF attached. */
export function statementEmail(opts: {
  to: string;
  year: number;
  perOrganization: { organization: string; amountCents: number }[];
  downloadUrl: string;
  pdf: Buffer;
  testMode: boolean;
}) {
  const { year } = opts;
  return {
    ...mail({
      to: opts.to,
      subject: `Your ${year} giving statement`,
      title: `Your ${year} giving statement`,
      paragraphs: [
        `Thank you for your gifts in ${year}. Here is what you gave, per organization; the attached PDF statement lists each gift.`,
        'No goods or services were provided in exchange for these gifts.',
      ],
      rows: opts.perOrganization.map((o) => [o.organization, money(o.amountCents)]),
      links: [{ label: 'Download your statement again (sign in with your email)', url: opts.downloadUrl }],
      testMode: opts.testMode,
    }),
    attachments: [{ filename: statementFilename(year), contentType: 'application/pdf', content: opts.pdf }],
  };
}

/** The file name of a year's statement, as downloaded and as attached. */
export const statementFilename = (year: number) => `fangrid-giving-statement-${year}.pdf`;
