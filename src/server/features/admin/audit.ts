import type { AdminRepo } from './repo';

const LOGIN_ATTEMPTS_SHOWN = 500;

/** The logs admin reads: sign-in attempts, and its own audit log of every admin change. */
export function createAdminLogs(deps: { repo: AdminRepo }) {
  const { repo } = deps;
  return {
    async loginAttempts() {
      const [rows, total] = await Promise.all([repo.loginAttemptsPage(LOGIN_ATTEMPTS_SHOWN), repo.loginAttemptCount()]);
      return {
        // Not the user agent: the table shows who tried, when and from where.
        attempts: rows.map((r) => ({
          id: r.id,
          timestamp: r.timestamp.toISOString(),
          name: r.name,
          email: r.email,
          phone: r.phone,
          status: r.status,
          userId: r.userId,
          ip: r.ip,
        })),
        total,
      };
    },

    async audit(limit = 100) {
      const rows = await repo.auditPage(limit);
      return {
        events: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          actor: r.actor,
          action: r.action,
          target: r.target,
          before: r.before ?? null,
          after: r.after ?? null,
        })),
      };
    },
  };
}
