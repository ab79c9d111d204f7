import { describe, expect, it } from 'vitest';
import { connectTimeoutMs, databaseProblem, databaseTarget } from '../../src/server/db/startup-check';

const url = 'postgres://fan:s3cret-pw@db.example:6543/fangrid';
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
/** How the ORM wraps a driver error: its own message, the driver's error as the cause. */
const wrapped = (cause: Error) =>
  Object.assign(new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"'), { cause });

describe('a database that cannot be used, in one line', () => {
  it('names host:port, user and database from the URL, never the password', () => {
    expect(databaseTarget(url)).toEqual({ address: 'db.example:6543', user: 'fan', database: 'fangrid' });
    expect(databaseTarget('postgres://u@h/d')).toEqual({ address: 'h:5432', user: 'u', database: 'd' });
    expect(databaseTarget('postgres://u@localhost/d?host=/var/run/postgresql').address).toBe(
      '/var/run/postgresql (socket, port 5432)',
    );
  });

  it('finds the network failure under the wrappers', () => {
    expect(databaseProblem(wrapped(coded('ECONNREFUSED')), url)).toBe(
      'cannot connect to PostgreSQL at db.example:6543 (connection refused)',
    );
    const every = Object.assign(new AggregateError([coded('ECONNREFUSED')], ''), {});
    expect(databaseProblem(wrapped(every), url)).toMatch(/\(connection refused\)$/);
    expect(databaseProblem(coded('ENOTFOUND'), url)).toMatch(/\(host not found\)$/);
    expect(databaseProblem(coded('EHOSTUNREACH'), url)).toMatch(/\(host unreachable\)$/);
    expect(databaseProblem(new Error('Connection terminated unexpectedly'), url)).toMatch(/closed before/);
    expect(databaseProblem(new Error('anything'), url, 10_000)).toMatch(/\(no answer within 10 s\)$/);
  });

  it("says what the server refused: password, role, database, privilege, a server that's busy", () => {
    expect(databaseProblem(coded('28P01', 'password authentication failed for user "fan"'), url)).toBe(
      'PostgreSQL at db.example:6543 refused the password of user "fan" (password authentication failed)',
    );
    expect(databaseProblem(coded('28000', 'role "fan" does not exist'), url)).toBe(
      'role "fan" does not exist on PostgreSQL at db.example:6543',
    );
    expect(databaseProblem(wrapped(coded('3D000')), url)).toBe(
      'database "fangrid" does not exist on PostgreSQL at db.example:6543',
    );
    expect(databaseProblem(coded('42501', 'permission denied for schema public'), url)).toMatch(
      /^user "fan" lacks a privilege FanGrid needs on database "fangrid" at db\.example:6543: permission denied/,
    );
    expect(databaseProblem(coded('53300'), url)).toMatch(/too many clients/);
    expect(databaseProblem(new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string'), url)).toBe(
      'PostgreSQL at db.example:6543 asks user "fan" for a password and DATABASE_URL gives none',
    );
  });

  it('blots out the password should a message carry it, and leaves other failures alone (null)', () => {
    expect(databaseProblem(coded('28000', 'no pg_hba.conf entry for s3cret-pw'), url)).not.toContain('s3cret-pw');
    expect(databaseProblem(new TypeError('x is not a function'), url)).toBeNull();
    expect(databaseProblem('not an error', url)).toBeNull();
  });

  it('waits connect_timeout seconds when the URL says, else 10 s', () => {
    expect(connectTimeoutMs(`${url}?connect_timeout=3`)).toBe(3000);
    expect(connectTimeoutMs(url)).toBe(10_000);
    expect(connectTimeoutMs(`${url}?connect_timeout=0`)).toBe(10_000);
    expect(connectTimeoutMs(`${url}?connect_timeout=soon`)).toBe(10_000);
  });
});
