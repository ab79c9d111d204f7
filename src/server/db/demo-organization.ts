/**
 * The organization that holds the boards made before organizations existed (migration 0033), and every board
 * created without one until boards are created inside an organization (issue 39). In production it has no
 * members and only the platform's admin console reaches its boards; in development the demo seeds its owner
 * and staff (db/seed/organizations.ts).
 */
export const demoOrganization = { id: 'org_fangrid_demo', slug: 'fangrid-demo', name: 'FanGrid Demo' } as const;
