/**
 * The settings pages (`/settings/{group}`) and the sections on each, in the order shown. A
 * section's id is its anchor, so a link to one section — from a mail, a notice or another
 * screen — is built here and nowhere else.
 */
export const settingsGroups = {
  general: ['organization', 'signer-fields', 'contract-terms'],
  signing: ['signing-defaults', 'sealing-certificate'],
  security: ['two-factor'],
  approvals: ['approval-rules'],
  developers: ['api-tokens', 'webhooks', 'embedding'],
  mail: ['mail-outbox'],
} as const;

export type SettingsGroup = keyof typeof settingsGroups;
export type SettingsSectionId = (typeof settingsGroups)[SettingsGroup][number];

/** The page a section is on, or undefined for an id no section has. */
export function settingsGroupOf(section: string): SettingsGroup | undefined {
  return (Object.keys(settingsGroups) as SettingsGroup[]).find((group) =>
    (settingsGroups[group] as readonly string[]).includes(section),
  );
}

/** The path of a section, e.g. `/settings/developers#webhooks`. */
export function settingsSectionPath(section: SettingsSectionId): string {
  return `/settings/${settingsGroupOf(section)}#${section}`;
}
