import { describe, expect, it } from 'vitest';
import { backupCodeSchema, totpCodeSchema } from '../../src/shared/contracts/two-factor';
import {
  normalizedBackupCode,
  otpauthSecretOf,
  platformStaffRole,
  twoFactorRequiredFor,
} from '../../src/shared/domain/two-factor';

describe('who must use two-factor authentication where it is required', () => {
  it('platform staff, and owners and admins of any organization', () => {
    expect(twoFactorRequiredFor({ platformRole: platformStaffRole, orgRoles: [] })).toBe(true);
    expect(twoFactorRequiredFor({ platformRole: 'user', orgRoles: ['owner'] })).toBe(true);
    expect(twoFactorRequiredFor({ platformRole: null, orgRoles: ['viewer', 'admin'] })).toBe(true);
  });

  it('nobody else: fans, staff and viewers, an unknown platform role', () => {
    expect(twoFactorRequiredFor({ platformRole: 'user', orgRoles: [] })).toBe(false);
    expect(twoFactorRequiredFor({ platformRole: undefined, orgRoles: ['staff', 'viewer'] })).toBe(false);
    expect(twoFactorRequiredFor({ platformRole: 'Admin', orgRoles: [] })).toBe(false);
  });
});

describe('codes as people type them', () => {
  it('an app code: 6 digits, spaces dropped', () => {
    expect(totpCodeSchema.parse({ code: '123 456' }).code).toBe('123456');
    for (const code of ['12345', '1234567', '12a456', ''])
      expect(totpCodeSchema.safeParse({ code }).success).toBe(false);
  });

  it('a backup code: 10 letters and digits, the dash put back when left out', () => {
    expect(normalizedBackupCode('abcDE12345')).toBe('abcDE-12345');
    expect(normalizedBackupCode(' abcde-12345 ')).toBe('abcde-12345');
    expect(normalizedBackupCode('abcde-1234')).toBeNull();
    expect(normalizedBackupCode('abcde_12345')).toBeNull();
    expect(backupCodeSchema.safeParse({ code: 'x'.repeat(41) }).success).toBe(false);
  });

  it("the secret of an authenticator app's URI, for typing it in", () => {
    expect(otpauthSecretOf('otpauth://totp/FanGrid:a%40b.c?secret=JBSWY3DPEHPK3PXP&issuer=FanGrid')).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    expect(otpauthSecretOf('otpauth://totp/FanGrid?issuer=FanGrid')).toBeNull();
  });
});
