/** Custom baseball game entries. */
export const baseballPaths = { customEntries: '/api/baseball/custom-entries' } as const;
