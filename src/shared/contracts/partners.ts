import { z } from 'zod';
import { logoMimeTypes } from '../domain/partners';
import { errorCodes } from './error-codes';
import { multiLine, singleLine } from './text';

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

export const inquiryReceiptSchema = z.object({ id: z.string(), createdAt: z.string() });
export type InquiryReceipt = z.infer<typeof inquiryReceiptSchema>;

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

/**
 * A saved partner form. `receipt` is a secret only its sender gets: it allows sending the confirmation
 * email for this submission and nothing else. The stored values are never readable through the API.
 */
export const savedSubmissionSchema = z.object({
  submission: z.object({ id: z.string(), partnerId: z.string(), createdAt: z.string() }),
  receipt: z.string(),
});
export type SavedSubmission = z.infer<typeof savedSubmissionSchema>;

/** POST /api/partners/submissions/:submissionId/confirmation */
export const confirmationRequestSchema = z.object({ receipt: singleLine('Receipt').min(1).max(200) });
export const confirmationSentSchema = z.object({ sentTo: z.string() });
export type ConfirmationSent = z.infer<typeof confirmationSentSchema>;

/** POST /api/partners/logos (multipart, one file) answers with where the stored logo is served. */
export const uploadedLogoSchema = z.object({
  /** Absolute URL (the public address + path): what the partner form stores as its logo URL. */
  url: z.string(),
  /** Same-origin path, e.g. /uploads/3f…e1.png. */
  path: z.string(),
  contentType: z.enum(logoMimeTypes),
  bytes: z.number().int(),
});
export type UploadedLogo = z.infer<typeof uploadedLogoSchema>;
