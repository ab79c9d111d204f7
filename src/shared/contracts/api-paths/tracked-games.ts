import { pathOf } from './pattern';

/** The signed-in fan's tracked games. */
export const trackedGamePaths = {
  list: '/api/me/tracked-games',
  one: pathOf('/api/me/tracked-games/:id'),
} as const;
