import { FolderOpen, Plus } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';
import { ProjectCard } from '../../../components/project-card';
import { ErrorBanner } from '../../../components/ui/banner';
import { ButtonLink } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProjects } from '../api/projects';

/** /projects: every project of the organization, most recently updated first. */
export function ProjectsPage() {
  useDocumentTitle('Projects');
  const projects = useProjects();

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Projects</h1>
          <p className="mt-1 text-slate-600">
            Keep related contracts together and see where each one stands.
          </p>
        </div>
        <ButtonLink to="/projects/new" className="shrink-0 self-start sm:self-auto">
          <Plus aria-hidden="true" className="size-4" />
          New Project
        </ButtonLink>
      </div>

      {projects.isError ? (
        <ErrorBanner>
          The projects could not be loaded: {projects.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void projects.refetch()}>
            Try again
          </button>
        </ErrorBanner>
      ) : projects.data?.length === 0 ? (
        <EmptyState
          icon={<FolderOpen className="size-8" aria-hidden="true" />}
          title="No projects yet"
          text="Create your first project to get started"
          action="Create Project"
          to="/projects/new"
        />
      ) : (
        <ul aria-label="Projects" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {projects.data
            ? projects.data.map((project) => (
                <li key={project.id} className="grid grid-cols-1">
                  <ProjectCard project={project} />
                </li>
              ))
            : [0, 1, 2].map((n) => (
                <li key={n} className="h-32 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
              ))}
        </ul>
      )}
    </div>
  );
}
