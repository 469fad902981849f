import type { OrganizationSettings } from '../../shared/api/settings';
import type { OrganizationRow } from '../db/schema';

export function presentOrganizationSettings(
  row: Pick<
    OrganizationRow,
    'name' | 'logoUrl' | 'signingExpiryDays' | 'reminderIntervalDays' | 'delegation'
  >,
): OrganizationSettings {
  return {
    name: row.name,
    logoUrl: row.logoUrl,
    signingExpiryDays: row.signingExpiryDays,
    reminderIntervalDays: row.reminderIntervalDays,
    delegation: row.delegation,
  };
}

/** Whether the organization requires a second factor of every member. */
export function presentTwoFactorRequirement(row: Pick<OrganizationRow, 'requireTwoFactor'>): {
  required: boolean;
} {
  return { required: row.requireTwoFactor };
}
