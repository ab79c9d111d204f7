import * as z from 'zod/mini';
import { logoMimeTypes } from '../domain/partners';

/**
 * The answers of the partner routes (their requests are in partners.ts), in zod/mini: the public partner screens
 * parse them, and the inquiry screen loads no classic zod.
 */

/** POST /api/partners/inquiries: the inquiry as stored. */
export const inquiryReceiptSchema = z.object({ id: z.string(), createdAt: z.string() });
export type InquiryReceipt = z.infer<typeof inquiryReceiptSchema>;

/**
 * A saved partner form. `receipt` is a secret only its sender gets: it allows sending the confirmation
 * email for this submission and nothing else. The stored values are never readable through the API.
 */
export const savedSubmissionSchema = z.object({
  submission: z.object({ id: z.string(), partnerId: z.string(), createdAt: z.string() }),
  receipt: z.string(),
});
export type SavedSubmission = z.infer<typeof savedSubmissionSchema>;

/** POST /api/partners/submissions/:submissionId/confirmation: where the confirmation email went. */
export const confirmationSentSchema = z.object({ sentTo: z.string() });
export type ConfirmationSent = z.infer<typeof confirmationSentSchema>;

/** POST /api/partners/logos (multipart, one file) answers with where the stored logo is served. */
export const uploadedLogoSchema = z.object({
  /** Absolute URL (the public address + path): what the partner form stores as its logo URL. */
  url: z.string(),
  /** Same-origin path, e.g. /uploads/3f…e1.png. */
  path: z.string(),
  contentType: z.enum(logoMimeTypes),
  bytes: z.int(),
});
export type UploadedLogo = z.infer<typeof uploadedLogoSchema>;
