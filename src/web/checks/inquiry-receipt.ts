import { inquiryReceiptSchema } from '../../shared/contracts/partner-responses';
import { compiledAtBuild } from '../lib/compiled-check';

/** The receipt of a partnership inquiry (/partners, which loads no zod of its own). */
export const inquiryReceiptCheck = compiledAtBuild(inquiryReceiptSchema);
