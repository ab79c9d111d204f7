/** Prize claims: the signed link's token names the prize (docs/product.md#prizes-and-claims). */
export const prizePaths = {
  claim: (token: string) => `/api/claims/${encodeURIComponent(token)}`,
  claimCode: (token: string) => `/api/claims/${encodeURIComponent(token)}/code`,
} as const;
