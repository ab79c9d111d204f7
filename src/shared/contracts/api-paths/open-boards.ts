/** The boards taking entries now, soonest game first (public, cached briefly): on home and the sports hub. */
export const openBoardPaths = { openBoards: '/api/open-boards' } as const;
