/** Fan Central (docs/product.md#fan-central): the signed-in fan's own profile, favorites, trophy case and gaming profiles. */
export const profilePaths = {
  fanProfile: {
    profile: '/api/me/fan-profile',
    card: '/api/me/fan-profile/card',
    favorites: (list: string) => `/api/me/fan-profile/favorites/${encodeURIComponent(list)}`,
    favorite: (list: string, value: string) =>
      `/api/me/fan-profile/favorites/${encodeURIComponent(list)}/${encodeURIComponent(value)}`,
    trophies: '/api/me/fan-profile/trophies',
    trophy: (id: string) => `/api/me/fan-profile/trophies/${encodeURIComponent(id)}`,
  },
  gamingProfile: {
    profile: '/api/me/gaming-profile',
    handles: '/api/me/gaming-profile/handles',
    importFromPage: '/api/me/gaming-profile/import-from-page',
    achievements: '/api/me/gaming-profile/achievements',
    achievement: (id: string) => `/api/me/gaming-profile/achievements/${encodeURIComponent(id)}`,
    trophies: '/api/me/gaming-profile/trophies',
    trophy: (id: string) => `/api/me/gaming-profile/trophies/${encodeURIComponent(id)}`,
  },
  gamingPageProfile: '/api/me/gaming-page-profile',
} as const;
