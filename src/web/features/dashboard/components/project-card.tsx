import { Link } from 'react-router';
import type { ProjectSummary } from '../../../../shared/api/projects';
import { formatDate } from '../../../lib/dates';

export function ProjectCard({ project }: { project: ProjectSummary }) {
  return (
    <Link
      to={`/projects/${project.id}`}
      className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <h3 className="truncate font-medium text-slate-900">{project.name}</h3>
      {project.description && (
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{project.description}</p>
      )}
      <div className="mt-3 flex items-center justify-between text-sm text-slate-500">
        <span>Created {formatDate(project.createdAt)}</span>
        <span>
          {project.contractCount} {project.contractCount === 1 ? 'contract' : 'contracts'}
        </span>
      </div>
    </Link>
  );
}
