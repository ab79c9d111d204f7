/**
 * The reference page's groups: one per feature that registers routes, in the order the page lists them. A
 * feature's routes plugin is registered in app.ts with `apiGroup: '<feature>'`, and every operation it
 * registers is tagged with that group's name (registerApiDocs): an operation has exactly one group.
 */
export const apiGroups = {
  boards: {
    name: 'Boards',
    description:
      "Game boards: a board, its rules and live events, entries and free entries, a fan's entries by ticket, the printable sheet and QR code.",
  },
  prizes: { name: 'Prizes', description: 'Prize claims by signed link, and the payout ledger (admin).' },
  payments: {
    name: 'Payments',
    description:
      "Checkouts for entries, donations and tips, monthly gifts, the local test checkout, the provider's webhook and affiliate clicks.",
  },
  accounts: { name: 'Accounts', description: 'Sign-up, sign-in, email links and the signed-in account.' },
  orgs: {
    name: 'Organizations',
    description: 'Organizations, their members and roles, and emailed invitations to join one.',
  },
  'fan-central': {
    name: 'Fan profiles',
    description:
      "A signed-in fan's profile, favorites, trophies and gaming profile, entries linked to the account, and what the device kept.",
  },
  'tracked-games': { name: 'Tracked games', description: 'Games a signed-in fan follows.' },
  baseball: { name: 'Baseball', description: 'Custom baseball entries.' },
  scores: { name: 'Scores', description: 'Scoreboards and the score ticker.' },
  content: { name: 'Content', description: 'The pages and questions the app shows.' },
  partners: { name: 'Partners', description: 'Partner inquiries, submissions and logos.' },
  uploads: { name: 'Uploads', description: 'Stored files.' },
  'admin-gate': { name: 'Admin gate', description: 'The two steps into an admin session.' },
  organizer: {
    name: 'Organizer',
    description:
      "One organization's boards, entries, KPIs, gifts, payouts, audit log and CSV exports, for its members by role.",
  },
  admin: { name: 'Admin', description: 'Boards, entries, KPIs, donations, login attempts, audit log and CSV exports.' },
  feed: { name: 'Score feed', description: "The live feed's games, for creating a board on one (admin)." },
  sms: { name: 'Texts', description: "Twilio's webhook for the texts fans send back." },
  health: { name: 'Health', description: 'Liveness and readiness.' },
  'dev-mail': {
    name: 'Development',
    description: 'The development outboxes of emails and texts (never in production).',
  },
  demo: { name: 'Demo', description: "The embedded demo's recurring boards." },
} as const satisfies Record<string, { name: string; description: string }>;

export type ApiGroup = keyof typeof apiGroups;

/** The groups' names: the only tags an operation may carry. */
export const apiGroupNames: readonly string[] = Object.values(apiGroups).map((g) => g.name);

declare module 'fastify' {
  interface RegisterOptions {
    /** The feature whose routes this plugin registers: their group on the reference page (/api/docs). */
    apiGroup?: ApiGroup;
  }
}
