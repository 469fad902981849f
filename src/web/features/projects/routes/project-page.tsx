import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, FileText, FolderX, Plus } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import type { Project } from '../../../../shared/api/projects';
import { AppError } from '../../../../shared/errors';
import { uuidPattern } from '../../../../shared/uuid';
import { StatusCountCards } from '../../../components/status-count-cards';
import { ErrorBanner } from '../../../components/ui/banner';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { UploadPdfButton } from '../../../components/upload-pdf-button';
import { formatDate } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { forgetProject, projectQuery } from '../api/projects';
import { BackToProjects } from '../components/back-to-projects';
import { DeleteProjectDialog } from '../components/delete-project-dialog';
import { EditProjectDialog } from '../components/edit-project-dialog';
import { ProjectContracts } from '../components/project-contracts';

/** /projects/{id}: one project, its own counts and its contracts. Another organization's id is not found. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const valid = uuidPattern.test(id);
  const project = useQuery({ ...projectQuery(id), enabled: valid });
  const notFound = !valid || (project.error instanceof AppError && project.error.code === 'NOT_FOUND');
  useDocumentTitle(notFound ? 'Project not found' : (project.data?.name ?? 'Project'));

  if (notFound) return <ProjectNotFound />;
  if (project.data) return <ProjectView key={id} project={project.data} />;
  if (project.isError) {
    return (
      <div className="space-y-4">
        <BackToProjects />
        <ErrorBanner>
          The project could not be loaded: {project.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void project.refetch()}>
            Try again
          </button>
        </ErrorBanner>
      </div>
    );
  }
  return (
    <div className="space-y-8" role="status" aria-label="Loading project">
      <div className="space-y-3">
        <div className="h-5 w-24 animate-pulse rounded bg-slate-100" />
        <div className="h-8 w-64 max-w-full animate-pulse rounded bg-slate-100" />
        <div className="h-5 w-96 max-w-full animate-pulse rounded bg-slate-100" />
      </div>
      <StatusCountCards counts={undefined} />
    </div>
  );
}

function ProjectView({ project }: { project: Project }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const newContractPath = `/contracts/new?projectId=${project.id}`;
  const contractCount = project.contractCount;

  return (
    <div className="space-y-8">
      <div>
        <BackToProjects />
        <div className="mt-3 flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 wrap-anywhere">{project.name}</h1>
            {project.description && (
              <p className="mt-1 max-w-3xl whitespace-pre-line text-slate-600 wrap-anywhere">
                {project.description}
              </p>
            )}
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-4" />
                Created {formatDate(project.createdAt)}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <FileText aria-hidden="true" className="size-4" />
                {contractCount} {contractCount === 1 ? 'contract' : 'contracts'}
              </span>
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-3">
            <EditProjectDialog project={project} />
            <DeleteProjectDialog
              project={project}
              onDeleted={async () => {
                await navigate('/projects', { replace: true });
                forgetProject(client, project.id);
              }}
            />
            <UploadPdfButton template={false} projectId={project.id} />
            <ButtonLink to={newContractPath}>
              <Plus aria-hidden="true" className="size-4" />
              New Contract
            </ButtonLink>
          </div>
        </div>
      </div>

      <StatusCountCards counts={project.counts} />

      <ProjectContracts projectId={project.id} newContractPath={newContractPath} />
    </div>
  );
}

function ProjectNotFound() {
  return (
    <Card className="mx-auto mt-8 max-w-lg px-6 py-12 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <FolderX aria-hidden="true" className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Project not found</h1>
      <p className="mt-2 text-sm text-slate-600">
        This project does not exist or is not in your organization. It may have been deleted, or the link may
        be wrong.
      </p>
      <ButtonLink to="/projects" className="mt-6">
        Back to projects
      </ButtonLink>
    </Card>
  );
}
