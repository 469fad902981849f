import type { OrganizationSettings } from '../../shared/api/settings';
import type { organizations } from '../db/schema';

export function presentOrganizationSettings(
  row: Pick<
    typeof organizations.$inferSelect,
    'name' | 'logoUrl' | 'signingExpiryDays' | 'reminderIntervalDays'
  >,
): OrganizationSettings {
  return {
    name: row.name,
    logoUrl: row.logoUrl,
    signingExpiryDays: row.signingExpiryDays,
    reminderIntervalDays: row.reminderIntervalDays,
  };
}
