/** The signed-in fan's tracked games. */
export const trackedGamePaths = {
  list: '/api/me/tracked-games',
  one: (id: string) => `/api/me/tracked-games/${encodeURIComponent(id)}`,
} as const;
