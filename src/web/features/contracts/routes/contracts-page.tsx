import { useInfiniteQuery } from '@tanstack/react-query';
import { FileText, Plus, Search } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type ContractSort, contractSorts } from '../../../../shared/api/contracts';
import { routeProgress } from '../../../../shared/recipients';
import { type ContractStatus, contractStatuses, contractStatusLabel } from '../../../../shared/statuses';
import { ImportDocxButton } from '../../../components/import-docx-button';
import { ErrorBanner } from '../../../components/ui/banner';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadMore } from '../../../components/ui/load-more';
import { StatusBadge } from '../../../components/ui/status-badge';
import { UploadPdfButton } from '../../../components/upload-pdf-button';
import { formatDate } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProjects } from '../../projects/api/projects';
import { type ContractFilters, contractListQuery } from '../api/contract-list';
import { ContractActionsMenu, type Notice } from '../components/contract-actions-menu';
import { SelectionBar } from '../components/selection-bar';

const sortLabels: Record<ContractSort, string> = {
  updated: 'Last updated',
  created: 'Date created',
  title: 'Title (A–Z)',
};
const selectClass =
  'h-10 rounded-md border-0 bg-white pr-8 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600';

const paramOf: Record<keyof ContractFilters, string> = {
  q: 'q',
  status: 'status',
  projectId: 'project',
  sort: 'sort',
};

/** The filters live in the address, so reload, back and shared links keep them. */
function useFilters(): [ContractFilters, (change: Partial<ContractFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const sort = params.get('sort') ?? 'updated';
  const filters: ContractFilters = {
    q: params.get('q') ?? '',
    status: (contractStatuses as readonly string[]).includes(status) ? (status as ContractStatus) : '',
    projectId: params.get('project') ?? '',
    sort: (contractSorts as readonly string[]).includes(sort) ? (sort as ContractSort) : 'updated',
  };
  // Applied to the address as it is when called, not as last rendered: the router renders a
  // navigation in a transition, and on a busy device a search that waited for a pause in typing
  // was applied before the status chosen meanwhile had rendered, and brought the old one back.
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const update = useCallback((change: Partial<ContractFilters>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(change) as [keyof ContractFilters, string][]) {
      if (value && !(key === 'sort' && value === 'updated')) next.set(paramOf[key], value);
      else next.delete(paramOf[key]);
    }
    setParamsRef.current(next, { replace: true });
  }, []);
  return [filters, update];
}

/** /contracts: every contract of the organization, searched, filtered, sorted and paged. */
export function ContractsPage() {
  useDocumentTitle('Contracts');
  const [filters, setFilters] = useFilters();
  const [typed, setTyped] = useState(filters.q);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const projects = useProjects();
  const list = useInfiniteQuery(contractListQuery(filters));
  const projectName = new Map(projects.data?.map((project) => [project.id, project.name]));

  // Searching waits for a pause in typing, so each keystroke does not cost a request.
  useEffect(() => {
    if (typed === filters.q) return;
    const timer = setTimeout(() => setFilters({ q: typed.trim() }), 250);
    return () => clearTimeout(timer);
  }, [typed, filters.q, setFilters]);

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = filters.q !== '' || filters.status !== '' || filters.projectId !== '';

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Contracts</h1>
          <p className="mt-1 text-sm text-slate-600">Every contract of your organization.</p>
        </div>
        <div className="flex flex-wrap items-start gap-3">
          <UploadPdfButton template={false} />
          <ImportDocxButton template={false} />
          <ButtonLink to="/contracts/new">
            <Plus aria-hidden="true" className="size-4" /> New Contract
          </ButtonLink>
        </div>
      </div>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label="Search by title"
            placeholder="Search by title"
            value={typed}
            maxLength={200}
            onChange={(event) => setTyped(event.target.value)}
            className="h-10 w-full rounded-md border-0 pr-3 pl-9 text-sm shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600"
          />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:flex">
          <select
            aria-label="Status"
            value={filters.status}
            onChange={(event) => setFilters({ status: event.target.value as ContractStatus | '' })}
            className={selectClass}
          >
            <option value="">All statuses</option>
            {contractStatuses.map((status) => (
              <option key={status} value={status}>
                {contractStatusLabel(status)}
              </option>
            ))}
          </select>
          <select
            aria-label="Project"
            value={filters.projectId}
            onChange={(event) => setFilters({ projectId: event.target.value })}
            className={selectClass}
          >
            <option value="">All projects</option>
            {projects.data?.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
          <select
            aria-label="Sort by"
            value={filters.sort}
            onChange={(event) => setFilters({ sort: event.target.value as ContractSort })}
            className={selectClass}
          >
            {contractSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {notice && (
        <p
          role="status"
          className={`rounded-md px-3 py-2 text-sm ring-1 ${notice.tone === 'success' ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-red-50 text-red-800 ring-red-200'}`}
        >
          {notice.text}
        </p>
      )}
      {list.error && <ErrorBanner>The contracts could not be loaded: {list.error.message}</ErrorBanner>}

      <Card>
        {list.isPending ? (
          <div role="status" aria-label="Loading contracts" className="h-64 animate-pulse bg-slate-50" />
        ) : items.length === 0 ? (
          <div className="px-6 py-16 text-center">
            <FileText aria-hidden="true" className="mx-auto size-10 text-slate-300" />
            <p className="mt-3 text-sm font-medium text-slate-900">
              {filtered ? 'No contracts match' : 'No contracts yet'}
            </p>
            <p className="mt-1 text-sm text-slate-500">
              {filtered ? 'Try another search or filter.' : 'Create your first contract to get started'}
            </p>
            {!filtered && (
              <ButtonLink to="/contracts/new" className="mt-4">
                Create Contract
              </ButtonLink>
            )}
          </div>
        ) : (
          <>
            <SelectionBar
              shown={items.map((contract) => contract.id)}
              selected={selected}
              onSelect={setSelected}
              onNotice={setNotice}
            />
            <ul aria-label="Contracts" className="divide-y divide-slate-100">
              {items.map((contract) => {
                const progress = routeProgress(contract.signers);
                return (
                  <li key={contract.id} className="flex items-center gap-3 px-4 py-3 sm:px-6">
                    <input
                      type="checkbox"
                      aria-label={`Select ${contract.title}`}
                      checked={selected.has(contract.id)}
                      onChange={(event) => {
                        const next = new Set(selected);
                        if (event.target.checked) next.add(contract.id);
                        else next.delete(contract.id);
                        setSelected(next);
                      }}
                      className="size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
                    />
                    <div className="min-w-0 flex-1">
                      <Link
                        to={`/contracts/${contract.id}`}
                        className="block truncate text-sm font-medium text-slate-900 hover:text-indigo-600"
                      >
                        {contract.title}
                      </Link>
                      <p className="mt-0.5 truncate text-xs text-slate-500">
                        {contract.projectId
                          ? (projectName.get(contract.projectId) ?? 'Project')
                          : 'No project'}
                        {' · '}
                        {contract.signers.length === 0
                          ? 'No signers'
                          : progress.of === 0
                            ? 'No one to act'
                            : `${progress.done} of ${progress.of} ${progress.words}`}
                        {' · '}
                        {filters.sort === 'created'
                          ? `Created ${formatDate(contract.createdAt)}`
                          : `Updated ${formatDate(contract.updatedAt)}`}
                      </p>
                    </div>
                    <StatusBadge status={contract.status} />
                    <ContractActionsMenu contract={contract} onNotice={setNotice} />
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </Card>
      <LoadMore pages={list} />
    </div>
  );
}
