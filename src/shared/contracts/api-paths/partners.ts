import { pathOf } from './pattern';

/** Partner inquiries, partner detail forms and their logos. */
export const partnerPaths = {
  inquiries: '/api/partners/inquiries',
  submissions: pathOf('/api/partners/:partnerId/submissions'),
  confirmation: pathOf('/api/partners/submissions/:submissionId/confirmation'),
  logos: '/api/partners/logos',
} as const;
