import { pathOf } from './pattern';

/** Prize claims: the signed link's token names the prize (docs/product.md#prizes-and-claims). */
export const prizePaths = {
  claim: pathOf('/api/claims/:token'),
  claimCode: pathOf('/api/claims/:token/code'),
} as const;
