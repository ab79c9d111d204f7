/** A visitor's data on this browser taken over by the account that signs in: the local stores, then the entries. */
export const localImportPaths = {
  localImport: '/api/me/local-import',
  /** A visitor's entries (by the tickets this browser holds) linked to the signed-in account. */
  entryLinks: '/api/me/entry-links',
} as const;
