/** The local outboxes of mail and texts, served outside production when no real mailer or SMS provider is set. */
export const devPaths = {
  devMail: '/api/dev/mail',
  devTexts: '/api/dev/texts',
} as const;
