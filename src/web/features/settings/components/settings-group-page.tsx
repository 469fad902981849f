import type { ReactNode } from 'react';
import type { SettingsGroup } from '../../../../shared/settings-sections';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash';
import { useIsAdmin } from '../../auth/api/session';
import { settingsGroupInfo } from '../settings-groups';

/**
 * One settings page: its heading, its sections, and the jump to the one a link names
 * (`/settings/developers#webhooks`). A member who opens a page only admins may see is told so.
 */
export function SettingsGroupPage({ group, children }: { group: SettingsGroup; children: ReactNode }) {
  const { label, description, adminOnly } = settingsGroupInfo[group];
  useDocumentTitle(`Settings · ${label}`);
  useScrollToHash();
  const isAdmin = useIsAdmin();
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{label}</h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-6 space-y-6">
        {adminOnly && !isAdmin ? (
          <p className="rounded-lg border border-slate-200 bg-white p-5 text-sm text-slate-700">
            Only an admin of your organization can see and change these settings.
          </p>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
