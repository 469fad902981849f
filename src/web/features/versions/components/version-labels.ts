import type { VersionKind } from '../../../../shared/enums';

/** Why a version was made, as the list shows it. */
export const versionKindLabels: Record<VersionKind, string> = {
  edited: 'Edited',
  review: 'Sent for review',
  sent: 'Sent for signing',
  restored: 'Restored',
  suggestions: 'Suggestions accepted',
};
