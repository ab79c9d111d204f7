import {
  type InquiryValues,
  type PartnerDefinition,
  type PartnerFormValues,
  partnerFormFields,
  partnerFormLabels,
} from '../../../shared/domain/partners';
import { escapeHtml } from '../../platform/mail/html';
import type { MailMessage } from '../../platform/mail/mailer';

/** Text with its line breaks kept, safe to place in HTML. */
const htmlLines = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');

const notGiven = 'Not provided';

function table(rows: ReadonlyArray<readonly [string, string]>): { html: string; text: string } {
  const html = `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#94a3b8;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0;color:#e2e8f0">${value ? htmlLines(value) : `<span style="color:#64748b">${notGiven}</span>`}</td></tr>`,
    )
    .join('')}</table>`;
  const text = rows.map(([label, value]) => `${label}: ${value ? value.replace(/\n/g, '\n  ') : notGiven}`).join('\n');
  return { html, text };
}

function layout(accent: string, title: string, paragraphs: string[], body: string, outro: string) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b1120;color:#e2e8f0;padding:24px">
<div style="max-width:560px;margin:auto;background:#101829;border-radius:16px;overflow:hidden">
<div style="background:${accent};height:8px"></div>
<div style="padding:24px">
<h1 style="color:#fff;font-size:22px;margin-top:0">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${body}
<p style="font-size:13px;color:#94a3b8">${escapeHtml(outro)}</p>
</div></div></body></html>`;
}

/** The staff notification for a partnership inquiry; replies go straight to the person who wrote in. */
export function inquiryNotificationEmail(inbox: string, inquiry: InquiryValues): MailMessage {
  const rows = [
    ['Name', inquiry.name],
    ['Email', inquiry.email],
    ['Phone', inquiry.phone],
    ['Organization', inquiry.organization],
    ['Message', inquiry.message],
  ] as const;
  const t = table(rows);
  const title = 'New partnership inquiry';
  const intro = `${inquiry.name} sent a partnership inquiry from the FanGrid partners page. They were told we reply within 24 hours.`;
  const outro = 'Reply to this email to answer them directly.';
  return {
    to: inbox,
    replyTo: inquiry.email,
    subject: `New partnership inquiry from ${inquiry.name}`,
    html: layout('#f97316', title, [intro], t.html, outro),
    text: `${title}\n\n${intro}\n\n${t.text}\n\n${outro}\n`,
  };
}

/**
 * The partner confirmation email: the partner's contact gets what was saved for this partner,
 * every field of the form. Replies reach the partners inbox.
 */
export function partnerConfirmationEmail(
  partner: PartnerDefinition,
  values: PartnerFormValues,
  inbox: string,
): MailMessage {
  const t = table(partnerFormFields.map((field) => [partnerFormLabels[field], values[field]] as const));
  const title = `Thank you, ${values.contactPerson}!`;
  const paragraphs = [
    `We received ${values.organizationName}'s partner details for ${partner.name}.`,
    partner.description,
    'Here is what you sent us:',
  ];
  const outro =
    'Our partnerships team will be in touch within 24 hours. To correct anything, reply to this email or send the form again.';
  return {
    to: values.email,
    replyTo: inbox,
    subject: `${partner.name}: we received your partner details`,
    html: layout(partner.color.hex, title, paragraphs, t.html, outro),
    text: `${title}\n\n${paragraphs.join('\n\n')}\n\n${t.text}\n\n${outro}\n`,
  };
}
