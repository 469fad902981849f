import type { TwoFactorStatus } from '../../shared/api/two-factor';
import type { PasskeyRow } from '../db/schema';

/** What the profile's Security section shows: the app, the passkeys, the codes left. */
export function presentTwoFactorStatus(facts: {
  totpEnabledAt: Date | null;
  passkeys: Array<Pick<PasskeyRow, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>>;
  recoveryCodesLeft: number;
  requiredByOrganization: boolean;
}): TwoFactorStatus {
  return {
    totp: { enabled: facts.totpEnabledAt !== null, enabledAt: facts.totpEnabledAt?.toISOString() ?? null },
    passkeys: facts.passkeys.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft: facts.recoveryCodesLeft,
    requiredByOrganization: facts.requiredByOrganization,
  };
}
