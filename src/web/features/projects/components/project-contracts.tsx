import { useInfiniteQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { ContractCard } from '../../../components/contract-card';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBanner } from '../../../components/ui/banner';
import { LoadMore } from '../../../components/ui/load-more';
import { projectContractsQuery } from '../api/projects';

/** A project's contracts as cards, newest updated first, with 'Load more' while there are more. */
export function ProjectContracts({
  projectId,
  newContractPath,
}: {
  projectId: string;
  newContractPath: string;
}) {
  const contracts = useInfiniteQuery(projectContractsQuery(projectId));
  const items = contracts.data?.pages.flatMap((page) => page.items);

  return (
    <section aria-labelledby="project-contracts">
      <h2 id="project-contracts" className="mb-3 text-lg font-semibold text-slate-900">
        Contracts
      </h2>
      {contracts.isError && !items ? (
        <ErrorBanner>
          The contracts could not be loaded: {contracts.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void contracts.refetch()}>
            Try again
          </button>
        </ErrorBanner>
      ) : items?.length === 0 ? (
        <EmptyState
          icon={<FileText className="size-8" aria-hidden="true" />}
          title="No contracts yet"
          text="Create the first contract of this project to get started"
          action="Create Contract"
          to={newContractPath}
        />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {items
              ? items.map((contract) => <ContractCard key={contract.id} contract={contract} />)
              : [0, 1, 2].map((n) => <div key={n} className="h-28 animate-pulse rounded-lg bg-slate-100" />)}
          </div>
          {contracts.isFetchNextPageError && (
            <div className="mt-4">
              <ErrorBanner>More contracts could not be loaded: {contracts.error?.message}</ErrorBanner>
            </div>
          )}
          <LoadMore pages={contracts} className="mt-6" />
        </>
      )}
    </section>
  );
}
