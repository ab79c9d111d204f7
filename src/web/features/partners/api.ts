import { partnerPaths } from '../../../shared/contracts/api-paths/partners';
import type {
  ConfirmationSent,
  CreateInquiryInput,
  InquiryReceipt,
  PartnerFormInput,
  SavedSubmission,
  UploadedLogo,
} from '../../../shared/contracts/partners';
import { apiPost, apiUpload } from '../../lib/api-client';

export const submitInquiry = (input: CreateInquiryInput) => apiPost<InquiryReceipt>(partnerPaths.inquiries, input);

/** Saves one partner form; the receipt (kept in memory only) allows sending its confirmation email. */
export const savePartnerForm = (partnerId: string, values: PartnerFormInput) =>
  apiPost<SavedSubmission>(partnerPaths.submissions(partnerId), values);

export const sendPartnerConfirmation = (submissionId: string, receipt: string) =>
  apiPost<ConfirmationSent>(partnerPaths.confirmation(submissionId), { receipt });

export function uploadLogo(file: File): Promise<UploadedLogo> {
  const form = new FormData();
  form.append('logo', file);
  return apiUpload<UploadedLogo>(partnerPaths.logos, form);
}
