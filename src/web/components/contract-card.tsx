import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import type { ContractSummary } from '../../shared/api/contracts';
import { isDone, roleOf } from '../../shared/recipients';
import { formatDate } from '../lib/dates';
import { StatusBadge } from './ui/status-badge';

export function ContractCard({ contract }: { contract: ContractSummary }) {
  return (
    <Link
      to={`/contracts/${contract.id}`}
      className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 truncate font-medium text-slate-900">{contract.title}</h3>
        <StatusBadge status={contract.status} />
      </div>
      <p className="mt-1 text-sm text-slate-500">Updated {formatDate(contract.updatedAt)}</p>
      {contract.signers.length > 0 && (
        <ul className="mt-3 space-y-1" aria-label="Signers">
          {contract.signers.map((signer) => {
            // Each recipient's part in the role's words: "Approved", "Not viewed"; a CC has none to do.
            const role = roleOf(signer.role);
            const signed = isDone(signer);
            const state =
              signer.status === 'delegated'
                ? 'Delegated'
                : !role.blocks
                  ? role.label
                  : signed
                    ? role.done
                    : `Not ${role.done.toLowerCase()}`;
            return (
              <li key={signer.id} className="flex items-center gap-2 text-sm text-slate-600">
                {signed ? (
                  <CheckCircle2 aria-hidden="true" className="size-4 text-green-600" />
                ) : (
                  <Circle aria-hidden="true" className="size-4 text-slate-300" />
                )}
                <span className="truncate">{signer.name}</span>
                <span className={`ml-auto shrink-0 text-xs ${signed ? 'text-green-700' : 'text-slate-500'}`}>
                  {state}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Link>
  );
}
