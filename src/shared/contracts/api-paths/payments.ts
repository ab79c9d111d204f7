/** Checkout sessions (and the local checkout's own pages), donations with the donor's monthly gifts, and tips. */
export const paymentPaths = {
  webhook: '/api/payments/webhook',
  localSession: (id: string) => `/api/payments/local/${encodeURIComponent(id)}`,
  localPay: (id: string) => `/api/payments/local/${encodeURIComponent(id)}/pay`,
  localCancel: (id: string) => `/api/payments/local/${encodeURIComponent(id)}/cancel`,
  sessionDonation: (sessionId: string) => `/api/payments/sessions/${encodeURIComponent(sessionId)}/donation`,
  session: (sessionId: string) => `/api/payments/sessions/${encodeURIComponent(sessionId)}`,
} as const;

export const donationPaths = {
  checkout: '/api/donations/checkout',
  one: (reference: string) => `/api/donations/${encodeURIComponent(reference)}`,
  /** Monthly gifts, managed by the donor (docs/product.md#monthly-gifts). */
  monthly: {
    link: '/api/donations/monthly/link',
    session: '/api/donations/monthly/session',
    signOut: '/api/donations/monthly/sign-out',
    gifts: '/api/donations/monthly',
    gift: (id: string) => `/api/donations/monthly/${encodeURIComponent(id)}`,
    amount: (id: string) => `/api/donations/monthly/${encodeURIComponent(id)}/amount`,
    card: (id: string) => `/api/donations/monthly/${encodeURIComponent(id)}/card`,
    localCard: (id: string) => `/api/donations/monthly/${encodeURIComponent(id)}/local-card`,
    cancel: (id: string) => `/api/donations/monthly/${encodeURIComponent(id)}/cancel`,
    /** The local checkout's test clock: only outside production with the local checkout (404 otherwise). */
    renewNow: (id: string) => `/api/donations/monthly/${encodeURIComponent(id)}/renew-now`,
    statement: (year: number) => `/api/donations/monthly/statement.pdf?year=${year}`,
  },
} as const;

export const tipPaths = {
  checkout: '/api/tips/checkout',
  one: (reference: string) => `/api/tips/${encodeURIComponent(reference)}`,
} as const;
