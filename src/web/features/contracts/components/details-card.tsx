import { X } from 'lucide-react';
import type { ProjectSummary } from '../../../../shared/api/projects';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate } from '../../../lib/dates';

type Props = {
  /** A template has no status, expiry or project: only its dates. */
  template?: boolean;
  updatedAt?: string | null;
  status: string;
  createdAt: string | null;
  expiresOn: string;
  projectId: string;
  projects: ProjectSummary[];
  editable: boolean;
  /** Why the user may not move this draft to another project (its project's approval rule). */
  projectLock?: string | null;
  onExpiresOnChange: (value: string) => void;
  onProjectChange: (projectId: string) => void;
};

/** Today as yyyy-mm-dd in the user's time zone (toISOString would give the UTC day). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const rowClass = 'flex items-center justify-between gap-3 py-2 text-sm';

export function DetailsCard(props: Props) {
  const project = props.projects.find((candidate) => candidate.id === props.projectId);
  if (props.template) {
    return (
      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Template Details</h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <div className={rowClass}>
            <dt className="text-slate-500">Created</dt>
            <dd className="text-slate-900">{props.createdAt ? formatDate(props.createdAt) : 'Just now'}</dd>
          </div>
          {props.updatedAt && (
            <div className={rowClass}>
              <dt className="text-slate-500">Last updated</dt>
              <dd className="text-slate-900">{formatDate(props.updatedAt)}</dd>
            </div>
          )}
        </dl>
      </Card>
    );
  }
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Contract Details</h2>
      <dl className="mt-3 divide-y divide-slate-100">
        <div className={rowClass}>
          <dt className="text-slate-500">Status</dt>
          <dd>
            <StatusBadge status={props.status} />
          </dd>
        </div>
        <div className={rowClass}>
          <dt className="text-slate-500">Created</dt>
          <dd className="text-slate-900">{props.createdAt ? formatDate(props.createdAt) : 'Just now'}</dd>
        </div>
        <div className={rowClass}>
          <dt className="text-slate-500">
            <label htmlFor="contract-expiration">Expiration</label>
          </dt>
          <dd className="flex items-center gap-1">
            {props.editable ? (
              <>
                <input
                  id="contract-expiration"
                  type="date"
                  value={props.expiresOn}
                  min={localToday()}
                  onChange={(event) => props.onExpiresOnChange(event.target.value)}
                  className="h-8 rounded-md border-0 px-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
                />
                {props.expiresOn && (
                  <button
                    type="button"
                    aria-label="Clear expiration"
                    onClick={() => props.onExpiresOnChange('')}
                    className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                )}
              </>
            ) : (
              <span id="contract-expiration" className="text-slate-900">
                {props.expiresOn ? formatDate(`${props.expiresOn}T12:00:00`) : 'No expiration'}
              </span>
            )}
          </dd>
        </div>
        <div className={rowClass}>
          <dt className="text-slate-500">
            <label htmlFor="contract-project">Project</label>
          </dt>
          <dd className="min-w-0">
            {props.editable && props.projects.length > 0 && !props.projectLock ? (
              <select
                id="contract-project"
                value={props.projectId}
                onChange={(event) => props.onProjectChange(event.target.value)}
                className="h-8 max-w-48 rounded-md border-0 pl-2 pr-8 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
              >
                {props.projects.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            ) : (
              <span
                id="contract-project"
                className="truncate text-slate-900"
                aria-describedby={props.editable && props.projectLock ? 'contract-project-lock' : undefined}
              >
                {project?.name ?? 'General'}
              </span>
            )}
          </dd>
        </div>
      </dl>
      {props.editable && props.projectLock && (
        <p id="contract-project-lock" className="mt-1 text-xs text-slate-600">
          {props.projectLock}
        </p>
      )}
    </Card>
  );
}
