import { Link } from 'react-router';
import type { SearchResult } from '../../../../shared/api/search';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate } from '../../../lib/dates';
import { MarkedText } from './marked-text';

/** One contract found: its title and a passage with the matches marked, status, counterparty and type. */
export function SearchResultItem({ result, projectName }: { result: SearchResult; projectName?: string }) {
  const facts = [
    result.counterparty,
    result.typeName,
    projectName,
    `Updated ${formatDate(result.updatedAt)}`,
  ].filter(Boolean);
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-6">
      <div className="min-w-0 flex-1">
        <Link
          to={`/contracts/${result.id}`}
          className="block truncate text-sm font-medium text-slate-900 hover:text-indigo-600"
        >
          <MarkedText parts={result.titleParts} />
        </Link>
        <p className="mt-0.5 truncate text-xs text-meta">{facts.join(' · ')}</p>
        {result.passages.map((parts, index) => (
          <p
            // biome-ignore lint/suspicious/noArrayIndexKey: a result's passages never reorder
            key={index}
            data-testid="passage"
            className="mt-1 line-clamp-2 text-sm text-slate-600"
          >
            … <MarkedText parts={parts} /> …
          </p>
        ))}
      </div>
      <StatusBadge status={result.status} />
    </li>
  );
}
