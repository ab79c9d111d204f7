import { escapeHtml } from '../../platform/mail/html';
import type { MailMessage } from '../../platform/mail/mailer';

/** One message of the platform about an organization: a title, its paragraphs and a link to the organization's page. */
function message(to: string, subject: string, paragraphs: string[], url: string): MailMessage {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b1120;color:#e2e8f0;padding:24px">
<div style="max-width:520px;margin:auto;background:#101829;border-radius:16px;padding:24px">
<h1 style="color:#fff;font-size:22px">${escapeHtml(subject)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p style="font-size:13px;color:#94a3b8">The organization's page: <a href="${escapeHtml(url)}" style="color:#fdba74">${escapeHtml(url)}</a></p>
</div></body></html>`;
  const text = `${subject}\n\n${paragraphs.join('\n\n')}\n\nThe organization's page: ${url}\n`;
  return { to, subject, html, text };
}

export function organizationSuspendedEmail(
  to: string,
  o: { organization: string; reason: string; url: string },
): MailMessage {
  return message(
    to,
    `${o.organization} is suspended on FanGrid`,
    [
      `FanGrid has suspended ${o.organization}. The reason given: ${o.reason}`,
      'While it is suspended it opens no board and takes no entry or gift, and its monthly gifts are paused. Boards already locked play to the end and their prizes are paid.',
      'Reply to this email to talk with FanGrid about it.',
    ],
    o.url,
  );
}

export function organizationRestoredEmail(to: string, o: { organization: string; url: string }): MailMessage {
  return message(
    to,
    `${o.organization} is active again on FanGrid`,
    [
      `FanGrid has restored ${o.organization}: it opens boards and takes entries and gifts again, and its monthly gifts renew.`,
    ],
    o.url,
  );
}

export function giftPausedEmail(to: string, o: { organization: string; url: string }): MailMessage {
  return message(
    to,
    `Your monthly gift to ${o.organization} is paused`,
    [
      `${o.organization} is suspended on FanGrid for now, so your monthly gift to it is paused: nothing is charged while it is.`,
      'We will email you when it is active again and your gift renews.',
    ],
    o.url,
  );
}

export function giftResumedEmail(to: string, o: { organization: string; url: string }): MailMessage {
  return message(
    to,
    `Your monthly gift to ${o.organization} renews again`,
    [`${o.organization} is active again on FanGrid, so your monthly gift to it renews as before.`],
    o.url,
  );
}
