import { uploadedLogoSchema } from '../../shared/contracts/partner-responses';
import { compiledAtBuild } from '../lib/compiled-check';

/** Where an uploaded partner logo is served. */
export const uploadedLogoCheck = compiledAtBuild(uploadedLogoSchema);
