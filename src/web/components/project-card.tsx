import { FolderOpen } from 'lucide-react';
import { Link } from 'react-router';
import type { ProjectSummary } from '../../shared/api/projects';
import { formatDate } from '../lib/dates';

export function ProjectCard({ project }: { project: ProjectSummary }) {
  return (
    <Link
      to={`/projects/${project.id}`}
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-indigo-50 text-indigo-600">
          <FolderOpen aria-hidden="true" className="size-4" />
        </span>
        <h3 className="min-w-0 truncate font-medium text-slate-900">{project.name}</h3>
      </div>
      {project.description && (
        <p className="mt-2 line-clamp-2 text-sm text-slate-600">{project.description}</p>
      )}
      <div className="mt-auto flex items-center justify-between gap-3 pt-3 text-sm text-slate-500">
        <span>Created {formatDate(project.createdAt)}</span>
        <span>
          {project.contractCount} {project.contractCount === 1 ? 'contract' : 'contracts'}
        </span>
      </div>
    </Link>
  );
}
