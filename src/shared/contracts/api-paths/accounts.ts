/** Sign-in (Better Auth's routes) and the signed-in fan. On the first load of every screen (the header's user menu). */
export const accountPaths = {
  auth: '/api/auth',
  me: '/api/me',
} as const;
