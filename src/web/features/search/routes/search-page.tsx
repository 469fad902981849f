import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, Search } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { searchLimits } from '../../../../shared/limits';
import { ErrorBanner } from '../../../components/ui/banner';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadMore } from '../../../components/ui/load-more';
import { errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProjects } from '../../projects/api/projects';
import { exportUrl, paramsOf, queryStringOf, searchResultsQuery } from '../api/search';
import { DebouncedInput } from '../components/debounced-input';
import { SavedViews } from '../components/saved-views';
import { SearchFilters } from '../components/search-filters';
import { SearchResultItem } from '../components/search-result';

/**
 * /search: the words and every filter live in the address (the API's own names), so a search is
 * shared, reloaded, saved as a view and exported as it is shown.
 */
export function SearchPage() {
  useDocumentTitle('Search');
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const query = queryStringOf(params);
  const results = useInfiniteQuery(searchResultsQuery(params));
  const projects = useProjects();
  const projectName = new Map(projects.data?.map((project) => [project.id, project.name]));
  // Applied to the address as it is when called (a debounced input may commit after another change).
  const setRef = useRef(setSearch);
  setRef.current = setSearch;
  const change = useCallback((next: Record<string, string | string[] | undefined>) => {
    const current = paramsOf(new URLSearchParams(window.location.search));
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value.length === 0) delete current[key];
      else current[key] = value;
    }
    setRef.current(new URLSearchParams(queryStringOf(current)), { replace: true });
  }, []);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const more = results.data?.pages[0]?.more ?? false;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Search</h1>
        <p className="mt-1 text-sm text-slate-600">
          Titles, recipients, key terms, drafted text and the text of uploaded PDFs, in any case and with or
          without accents.
        </p>
      </div>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <DebouncedInput
          type="search"
          aria-label="Search contracts"
          placeholder="Search contracts"
          value={typeof params.q === 'string' ? params.q : ''}
          maxLength={searchLimits.characters}
          onCommit={(q) => change({ q })}
          className="h-11 w-full rounded-md border-0 pr-3 pl-9 text-base shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600"
        />
      </div>
      <SearchFilters params={params} onChange={change} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SavedViews query={query} onPick={(picked) => setSearch(new URLSearchParams(picked))} />
        <div className="flex gap-2">
          <a href={exportUrl(params, 'csv')} download className={buttonClass('secondary', 'sm')}>
            <Download aria-hidden="true" className="size-4" /> CSV
          </a>
          <a href={exportUrl(params, 'xlsx')} download className={buttonClass('secondary', 'sm')}>
            <Download aria-hidden="true" className="size-4" /> Excel
          </a>
        </div>
      </div>
      {results.error && <ErrorBanner>{errorMessage(results.error)}</ErrorBanner>}
      {more && (
        <p
          role="status"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          More than {searchLimits.ranked} contracts match: the best of the first {searchLimits.ranked} are
          shown. Add a word or a filter.
        </p>
      )}
      <Card>
        {results.isPending ? (
          <div role="status" aria-label="Searching" className="h-64 animate-pulse bg-slate-50" />
        ) : items.length === 0 ? (
          <p className="px-6 py-16 text-center text-sm text-slate-600">No contracts match.</p>
        ) : (
          <ul aria-label="Results" className="divide-y divide-slate-100">
            {items.map((result) => (
              <SearchResultItem
                key={result.id}
                result={result}
                projectName={result.projectId ? projectName.get(result.projectId) : undefined}
              />
            ))}
          </ul>
        )}
      </Card>
      <LoadMore pages={results} />
    </div>
  );
}
