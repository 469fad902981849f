import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isEditable } from '../../../../shared/statuses';
import { ReadOnlyDocument } from '../../../components/read-only-document';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { contractQuery } from '../../contracts/api/contracts';
import { useRestoreVersion, versionQuery, versionsQuery } from '../api/versions';
import { versionKindLabels } from '../components/version-labels';

/** /contracts/{id}/versions/{number}: one version, read-only; a draft can bring it back. */
export function VersionPage() {
  const { id = '', number: numberParam = '' } = useParams();
  const number = Number(numberParam);
  const navigate = useNavigate();
  const version = useQuery({ ...versionQuery(id, number), enabled: Number.isInteger(number) && number > 0 });
  const versions = useQuery(versionsQuery(id));
  const contract = useQuery(contractQuery(id));
  const restore = useRestoreVersion(id);
  const [confirming, setConfirming] = useState(false);
  useDocumentTitle(`Version ${number}`);
  const latest = versions.data?.items[0]?.number;
  const canRestore =
    contract.data && isEditable(contract.data.status) && latest !== undefined && latest !== number;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <ButtonLink to={`/contracts/${id}`} variant="ghost" size="sm">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </ButtonLink>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Version {number}</h1>
        </div>
        <div className="flex flex-wrap gap-3">
          {latest !== undefined && latest !== number && (
            <ButtonLink to={`/contracts/${id}/compare?from=${number}&to=${latest}`} variant="secondary">
              Compare with version {latest}
            </ButtonLink>
          )}
          {canRestore && <Button onClick={() => setConfirming(true)}>Restore this version</Button>}
        </div>
      </div>
      {version.isError && <ErrorBanner>{errorMessage(version.error)}</ErrorBanner>}
      {version.data && (
        <>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">Title</dt>
              <dd className="text-slate-900">{version.data.title}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Made</dt>
              <dd className="text-slate-900">
                {versionKindLabels[version.data.kind]} by {version.data.author.name},{' '}
                {formatDateTime(version.data.updatedAt)}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-slate-500">Content SHA-256</dt>
              <dd className="font-mono text-xs break-all text-slate-700">{version.data.contentHash}</dd>
            </div>
          </dl>
          <ReadOnlyDocument content={version.data.content} label={`Version ${number} content`} />
        </>
      )}
      {version.isPending && (
        <div
          className="h-96 animate-pulse rounded-lg bg-slate-100"
          role="status"
          aria-label="Loading version"
        />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Restore version ${number}?`}
        description="Its title and content become the draft's, as a new version. The versions in between stay in the list."
        confirmLabel="Restore"
        pending={restore.isPending}
        error={restore.error}
        onConfirm={() => {
          if (!contract.data) return;
          restore.mutate(
            { number, baseRevision: contract.data.revision },
            { onSuccess: () => navigate(`/contracts/${id}`) },
          );
        }}
      />
    </div>
  );
}
