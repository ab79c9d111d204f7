/** Partner inquiries, partner detail forms and their logos. */
export const partnerPaths = {
  inquiries: '/api/partners/inquiries',
  submissions: (partnerId: string) => `/api/partners/${encodeURIComponent(partnerId)}/submissions`,
  confirmation: (submissionId: string) => `/api/partners/submissions/${encodeURIComponent(submissionId)}/confirmation`,
  logos: '/api/partners/logos',
} as const;
