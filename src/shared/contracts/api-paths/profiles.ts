import { pathOf } from './pattern';

/** Fan Central (docs/product.md#fan-central): the signed-in fan's own profile, favorites, trophy case and gaming profiles. */
export const profilePaths = {
  fanProfile: {
    profile: '/api/me/fan-profile',
    card: '/api/me/fan-profile/card',
    favorites: pathOf('/api/me/fan-profile/favorites/:list'),
    favorite: pathOf('/api/me/fan-profile/favorites/:list/:value'),
    trophies: '/api/me/fan-profile/trophies',
    trophy: pathOf('/api/me/fan-profile/trophies/:id'),
  },
  gamingProfile: {
    profile: '/api/me/gaming-profile',
    handles: '/api/me/gaming-profile/handles',
    importFromPage: '/api/me/gaming-profile/import-from-page',
    achievements: '/api/me/gaming-profile/achievements',
    achievement: pathOf('/api/me/gaming-profile/achievements/:id'),
    trophies: '/api/me/gaming-profile/trophies',
    trophy: pathOf('/api/me/gaming-profile/trophies/:id'),
  },
  gamingPageProfile: '/api/me/gaming-page-profile',
} as const;
