import { pathOf, withPattern } from './pattern';

/** Checkout sessions (and the local checkout's own pages), donations with the donor's monthly gifts, and tips. */
export const paymentPaths = {
  webhook: '/api/payments/webhook',
  localSession: pathOf('/api/payments/local/:id'),
  localPay: pathOf('/api/payments/local/:id/pay'),
  localCancel: pathOf('/api/payments/local/:id/cancel'),
  sessionDonation: pathOf('/api/payments/sessions/:id/donation'),
  session: pathOf('/api/payments/sessions/:id'),
} as const;

export const donationPaths = {
  checkout: '/api/donations/checkout',
  one: pathOf('/api/donations/:reference'),
  /** Monthly gifts, managed by the donor (docs/product.md#monthly-gifts). */
  monthly: {
    link: '/api/donations/monthly/link',
    session: '/api/donations/monthly/session',
    signOut: '/api/donations/monthly/sign-out',
    gifts: '/api/donations/monthly',
    gift: pathOf('/api/donations/monthly/:id'),
    amount: pathOf('/api/donations/monthly/:id/amount'),
    card: pathOf('/api/donations/monthly/:id/card'),
    localCard: pathOf('/api/donations/monthly/:id/local-card'),
    cancel: pathOf('/api/donations/monthly/:id/cancel'),
    /** The local checkout's test clock: only outside production with the local checkout (404 otherwise). */
    renewNow: pathOf('/api/donations/monthly/:id/renew-now'),
    statement: withPattern(
      (year: number) => `/api/donations/monthly/statement.pdf?year=${year}`,
      '/api/donations/monthly/statement.pdf',
    ),
  },
} as const;

export const tipPaths = {
  checkout: '/api/tips/checkout',
  one: pathOf('/api/tips/:reference'),
} as const;
