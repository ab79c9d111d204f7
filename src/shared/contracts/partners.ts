import { z } from 'zod';
import { errorCodes } from './error-codes';
import { multiLine, singleLine } from './text';

// The answers of these routes are zod/mini (partner-responses.ts): the public partner screens parse them.
export * from './partner-responses';

export const partnerErrorCodes = {
  validation: errorCodes.validation,
  partnerNotFound: 'PARTNER_NOT_FOUND',
  submissionNotFound: errorCodes.notFound,
  mailFailed: 'MAIL_FAILED',
  alreadyConfirmed: 'ALREADY_CONFIRMED',
  rateLimited: 'RATE_LIMITED',
  noFile: 'NO_FILE',
  tooManyFiles: 'TOO_MANY_FILES',
  fileTooLarge: 'FILE_TOO_LARGE',
  unsupportedFile: 'UNSUPPORTED_FILE',
} as const;

/**
 * Text as sent, refused when it holds characters no text field takes (see domain/text: one-line fields
 * take no line breaks). The rest (required fields, email, limits) are the shared domain rules the service
 * applies, so the API answers with the product's words (docs/product.md#partners). Bounded so a body stays small.
 */
const text = (label: string) => singleLine(label).max(20_000, 'Too long');
const lines = (label: string) => multiLine(label).max(20_000, 'Too long');

/** POST /api/partners/inquiries (Partnership inquiry). */
export const createInquirySchema = z.object({
  name: text('Name'),
  email: text('Email'),
  phone: text('Phone').default(''),
  organization: text('Organization').default(''),
  message: lines('Message'),
});
export type CreateInquiryInput = z.input<typeof createInquirySchema>;

/** POST /api/partners/:partnerId/submissions (Partner form data; the last six optional). */
export const partnerFormSchema = z.object({
  organizationName: text('Organization name'),
  contactPerson: text('Contact person'),
  email: text('Email'),
  phone: text('Phone'),
  address: lines('Address'),
  website: text('Website').default(''),
  memo: lines('Memo & notes').default(''),
  currentSponsorships: lines('Current sponsorships').default(''),
  brandColors: text('Brand colors').default(''),
  brandDescription: lines('Brand description').default(''),
  logoUrl: text('Logo URL').default(''),
});
export type PartnerFormInput = z.input<typeof partnerFormSchema>;

export const partnerParamsSchema = z.object({ partnerId: singleLine('Partner').max(100) });
export const submissionParamsSchema = z.object({ submissionId: singleLine('Submission').max(100) });

/** POST /api/partners/submissions/:submissionId/confirmation */
export const confirmationRequestSchema = z.object({ receipt: singleLine('Receipt').min(1).max(200) });
