import { partnerPaths } from '../../../shared/contracts/api-paths/partners';
import type { UploadedLogo } from '../../../shared/contracts/partner-responses';
import type { CreateInquiryInput, PartnerFormInput } from '../../../shared/contracts/partners';
import { confirmationSentCheck } from '../../checks/confirmation-sent';
import { inquiryReceiptCheck } from '../../checks/inquiry-receipt';
import { savedSubmissionCheck } from '../../checks/saved-submission';
import { uploadedLogoCheck } from '../../checks/uploaded-logo';
import { apiPost, apiUpload } from '../../lib/api-client';

export const submitInquiry = (input: CreateInquiryInput) => apiPost(partnerPaths.inquiries, input, inquiryReceiptCheck);

/** Saves one partner form; the receipt (kept in memory only) allows sending its confirmation email. */
export const savePartnerForm = (partnerId: string, values: PartnerFormInput) =>
  apiPost(partnerPaths.submissions(partnerId), values, savedSubmissionCheck);

export const sendPartnerConfirmation = (submissionId: string, receipt: string) =>
  apiPost(partnerPaths.confirmation(submissionId), { receipt }, confirmationSentCheck);

export function uploadLogo(file: File): Promise<UploadedLogo> {
  const form = new FormData();
  form.append('logo', file);
  return apiUpload(partnerPaths.logos, form, uploadedLogoCheck);
}
