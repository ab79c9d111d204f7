import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  ConfirmationSent,
  CreateInquiryInput,
  InquiryReceipt,
  PartnerFormInput,
  SavedSubmission,
} from '../../../shared/contracts/partners';
import { partnerErrorCodes } from '../../../shared/contracts/partners';
import {
  cleanInquiry,
  cleanPartnerForm,
  emptyPartnerForm,
  inquiryMessages,
  inquiryProblems,
  isMissingProblem,
  partnerById,
  partnerFormMessages,
  partnerFormProblems,
} from '../../../shared/domain/partners';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { MailSender } from '../../platform/mail/notifications';
import { inquiryNotificationEmail, partnerConfirmationEmail } from './emails';
import type { PartnersRepo } from './repo';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** How many confirmation emails one saved form may send (a retry after a failure does not count). */
export const maxConfirmationsPerSubmission = 3;

/** Partnership inquiries and partner detail forms (docs/product.md#partners). */
export function createPartnersService(deps: {
  repo: PartnersRepo;
  mailer: MailSender;
  clock: Clock;
  /** Staff address that receives inquiries (PARTNERS_INBOX). */
  inbox: string;
  onMailError?: (what: string, err: unknown) => void;
}) {
  const { repo, mailer, clock, inbox } = deps;
  const submissionNotFound = () =>
    new AppError(404, partnerErrorCodes.submissionNotFound, partnerFormMessages.submissionNotFound);

  return {
    /**
     * Stores the inquiry, then emails the staff inbox. The inquiry is kept even when that email fails (it is
     * marked as not notified, and the mail outbox retries it), so the person who wrote in is never asked to resend.
     */
    async submitInquiry(input: CreateInquiryInput): Promise<InquiryReceipt> {
      const values = cleanInquiry({
        name: input.name,
        email: input.email,
        phone: input.phone ?? '',
        organization: input.organization ?? '',
        message: input.message,
      });
      const problems = inquiryProblems(values);
      if (Object.keys(problems).length > 0) {
        const missing = Object.values(problems).some(isMissingProblem);
        throw new AppError(
          400,
          partnerErrorCodes.validation,
          missing ? inquiryMessages.missing.message : (Object.values(problems)[0] ?? inquiryMessages.missing.message),
          problems as Record<string, string>,
        );
      }
      const row = await repo.insertInquiry({ ...values, createdAt: clock.now() });
      try {
        const sent = await mailer.send(inquiryNotificationEmail(inbox, values), { key: `partner-inquiry:${row.id}` });
        if (sent === 'sent') await repo.markInquiryNotified(row.id, clock.now());
      } catch (err) {
        deps.onMailError?.('partner inquiry notification', err);
      }
      return { id: row.id, createdAt: row.createdAt.toISOString() };
    },

    /** Saves one partner form (append-only) and hands its sender the receipt for the confirmation email. */
    async saveSubmission(partnerId: string, input: PartnerFormInput): Promise<SavedSubmission> {
      if (!partnerById(partnerId)) {
        throw new AppError(404, partnerErrorCodes.partnerNotFound, partnerFormMessages.notFound.message);
      }
      const values = cleanPartnerForm({ ...emptyPartnerForm, ...input });
      const problems = partnerFormProblems(values);
      if (Object.keys(problems).length > 0) {
        throw new AppError(
          400,
          partnerErrorCodes.validation,
          partnerFormMessages.invalid,
          problems as Record<string, string>,
        );
      }
      const receipt = randomBytes(32).toString('base64url');
      const row = await repo.insertSubmission({
        partnerId,
        ...values,
        receiptHash: sha256(receipt),
        createdAt: clock.now(),
      });
      return { submission: { id: row.id, partnerId, createdAt: row.createdAt.toISOString() }, receipt };
    },

    /**
     * The partner confirmation email: emails the saved form to its contact through the mail platform.
     * Only the receipt's holder may ask; a wrong id or receipt reads as not found. A failed send is given
     * back (and not retried by the outbox), so 'Please try again' works; at most `maxConfirmationsPerSubmission`
     * succeed.
     */
    async sendConfirmation(submissionId: string, receipt: string): Promise<ConfirmationSent> {
      if (!uuidPattern.test(submissionId)) throw submissionNotFound();
      const hash = sha256(receipt);
      const found = await repo.findSubmission(submissionId, hash);
      if (!found || !timingSafeEqual(Buffer.from(found.receiptHash), Buffer.from(hash))) throw submissionNotFound();
      const partner = partnerById(found.partnerId);
      if (!partner) throw submissionNotFound();
      const claimed = await repo.claimConfirmation(found.id, maxConfirmationsPerSubmission, clock.now());
      if (!claimed)
        throw new AppError(429, partnerErrorCodes.alreadyConfirmed, partnerFormMessages.tooManyConfirmations);
      try {
        await mailer.send(partnerConfirmationEmail(partner, claimed, inbox), { retry: false });
      } catch (err) {
        deps.onMailError?.('partner confirmation', err);
        await repo.releaseConfirmation(found.id);
        throw new AppError(502, partnerErrorCodes.mailFailed, partnerFormMessages.emailFailed);
      }
      return { sentTo: claimed.email };
    },
  };
}
export type PartnersService = ReturnType<typeof createPartnersService>;
