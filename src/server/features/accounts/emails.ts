import { escapeHtml } from '../../platform/mail/html';
import type { MailMessage } from '../../platform/mail/mailer';

function layout(title: string, intro: string, action: string, url: string, outro: string) {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b1120;color:#e2e8f0;padding:24px">
<div style="max-width:520px;margin:auto;background:#101829;border-radius:16px;padding:24px">
<h1 style="color:#fff;font-size:22px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#f97316;color:#070b16;padding:12px 20px;border-radius:10px;font-weight:700;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#94a3b8">Or open this link: ${escapeHtml(url)}</p>
<p style="font-size:13px;color:#94a3b8">${escapeHtml(outro)}</p>
</div></body></html>`;
  const text = `${title}\n\n${intro}\n\n${action}: ${url}\n\n${outro}\n`;
  return { html, text };
}

export function confirmationEmail(to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirm your FanGrid account',
    ...layout(
      `Welcome to FanGrid, ${name}!`,
      'Confirm your email address to finish creating your account.',
      'Confirm my email',
      url,
      'The link works for 24 hours. If you did not sign up, ignore this email.',
    ),
  };
}

export function passwordResetEmail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Reset your FanGrid password',
    ...layout(
      'Reset your password',
      'Someone asked to reset the password of your FanGrid account. Choose a new password with the link below.',
      'Set a new password',
      url,
      'The link works once, for 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
    ),
  };
}

export function signInLinkEmail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Your FanGrid sign-in link',
    ...layout(
      'Sign in to FanGrid',
      'Someone asked for a link to sign in to your FanGrid account without its password. If it was you, sign in with the link below: this browser will then not have to wait after failed sign-ins by others.',
      'Sign me in',
      url,
      'The link works once, for 15 minutes. If you did not ask for it, ignore this email: nobody else can use it. Someone may be guessing your password, so make sure it is one you use nowhere else.',
    ),
  };
}

/** The invitation to join an organization: the link opens the accept page (`/invitations/<id>`). */
export function invitationEmail(
  to: string,
  invite: { organization: string; inviter: string; role: string; url: string; days: number },
): MailMessage {
  return {
    to,
    subject: `Join ${invite.organization} on FanGrid`,
    ...layout(
      `Join ${invite.organization} on FanGrid`,
      `${invite.inviter} invited you to help run ${invite.organization}'s fundraisers on FanGrid, as ${invite.role}. Accept with the account of this email address (create one with it if you have none).`,
      'Accept the invitation',
      invite.url,
      `The link works once, for ${invite.days} days. If you did not expect it, ignore this email.`,
    ),
  };
}
