import { FileText, FolderOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContractCard } from '../../../components/contract-card';
import { EmptyState } from '../../../components/empty-state';
import { ProjectCard } from '../../../components/project-card';
import { StatusCountCards } from '../../../components/status-count-cards';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../auth/api/session';
import { ComingUpCard } from '../../deadlines/public/coming-up-card';
import { useStartTour } from '../../tour/guided-tour';
import { useDashboard } from '../api/dashboard';

/** A titled list with 'View all', its empty state, or placeholders while it loads. */
function RecentSection(props: {
  id: string;
  title: string;
  viewAll: string;
  items: ReactNode[] | undefined;
  empty: ReactNode;
}) {
  const { id, title, viewAll, items, empty } = props;
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex items-center justify-between">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={viewAll} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          View all
        </Link>
      </div>
      {items?.length === 0 ? (
        empty
      ) : (
        <div className="space-y-3">
          {items ?? [0, 1].map((n) => <div key={n} className="h-24 animate-pulse rounded-lg bg-slate-100" />)}
        </div>
      )}
    </section>
  );
}

export function DashboardPage() {
  const startTour = useStartTour();
  useDocumentTitle('Dashboard');
  const { data: user } = useSession();
  const dashboard = useDashboard();
  const summary = dashboard.data;

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Dashboard</h1>
          <p className="mt-1 text-slate-600">
            Welcome back, <span className="font-medium text-slate-900">{user?.name}</span>. Create, manage,
            and sign contracts with ease.
          </p>
        </div>
        <div className="flex gap-3" data-tour="create-buttons">
          <ButtonLink to="/templates/new" variant="secondary">
            New Template
          </ButtonLink>
          <ButtonLink to="/contracts/new">New Contract</ButtonLink>
        </div>
      </div>

      <div className="flex flex-col gap-4 rounded-lg bg-indigo-700 shadow-sm p-6 text-white sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Welcome to Pactum</h2>
          <p className="mt-1 text-sm text-indigo-50">
            Draft contracts, keep them in projects, reuse templates and send them for signature.
          </p>
        </div>
        <Button variant="secondary" onClick={startTour} className="shrink-0">
          Take a Tour
        </Button>
      </div>

      <StatusCountCards counts={summary?.counts} data-tour="count-cards" />

      <ComingUpCard />

      {dashboard.isError && (
        <p role="alert" className="text-sm text-red-700">
          {dashboard.error.message}
        </p>
      )}

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <RecentSection
          id="recent-contracts"
          title="Recent Contracts"
          viewAll="/contracts"
          items={summary?.recentContracts.map((contract) => (
            <ContractCard key={contract.id} contract={contract} />
          ))}
          empty={
            <EmptyState
              icon={<FileText className="size-8" aria-hidden="true" />}
              title="No contracts yet"
              text="Create your first contract to get started"
              action="Create Contract"
              to="/contracts/new"
            />
          }
        />
        <RecentSection
          id="recent-projects"
          title="Recent Projects"
          viewAll="/projects"
          items={summary?.recentProjects.map((project) => <ProjectCard key={project.id} project={project} />)}
          empty={
            <EmptyState
              icon={<FolderOpen className="size-8" aria-hidden="true" />}
              title="No projects yet"
              text="Create your first project to get started"
              action="Create Project"
              to="/projects/new"
            />
          }
        />
      </div>
    </div>
  );
}
