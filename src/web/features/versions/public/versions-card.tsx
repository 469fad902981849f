import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { versionsQuery } from '../api/versions';
import { versionKindLabels } from '../components/version-labels';

/**
 * A contract's versions, newest first: each opens read-only, and each but the first compares
 * with the one before it as a redline.
 */
export function VersionsCard({ contractId }: { contractId: string }) {
  const versions = useQuery(versionsQuery(contractId));
  const items = versions.data?.items ?? [];
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <History aria-hidden="true" className="size-4 text-slate-500" />
        Versions
      </h2>
      {versions.isPending && <p className="mt-3 text-sm text-slate-500">Loading versions…</p>}
      {versions.isError && <p className="mt-3 text-sm text-red-700">The versions could not be loaded.</p>}
      <ol className="mt-3 space-y-3" aria-label="Versions">
        {items.map((version, index) => {
          const previous = items[index + 1];
          return (
            <li key={version.number} className="text-sm">
              <div className="flex items-baseline justify-between gap-2">
                <Link
                  to={`/contracts/${contractId}/versions/${version.number}`}
                  className="font-medium text-indigo-700 hover:underline"
                >
                  Version {version.number}
                </Link>
                <span className="text-xs text-slate-500">{versionKindLabels[version.kind]}</span>
              </div>
              <p className="text-slate-600">
                {version.author.name} · {formatDateTime(version.updatedAt)}
                {version.restoredFrom !== null && ` · from version ${version.restoredFrom}`}
              </p>
              {previous && (
                <Link
                  to={`/contracts/${contractId}/compare?from=${previous.number}&to=${version.number}`}
                  className="text-xs text-indigo-700 hover:underline"
                >
                  Changes from version {previous.number}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
