/**
 * API paths, free of runtime dependencies so the web bundle can import them without pulling in zod.
 * Each feature's contract file re-exports its own group.
 */
export const apiPaths = {
  health: '/api/health',
  content: {
    home: '/api/content/home',
    sportsHub: '/api/content/sports-hub',
    faq: '/api/content/faq',
  },
} as const;
