import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Download, Loader2, ShieldCheck } from 'lucide-react';
import type { Contract } from '../../../../shared/api/contracts';
import { Card } from '../../../components/ui/card';
import { contractDocumentUrl, contractSigningQuery } from '../api/signing';
import { CancelContractDialog } from './cancel-contract-dialog';

const linkClass =
  'inline-flex items-center gap-1.5 text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** The PDFs of a sent contract, the state of its seal, and Cancel while it is out for signing. */
export function DocumentsCard({ contract }: { contract: Contract }) {
  const signing = useQuery(contractSigningQuery(contract.id));
  const data = signing.data;
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Documents</h2>
      <ul className="mt-3 space-y-3 text-sm">
        {data?.documents.frozen && (
          <li>
            <a className={linkClass} href={contractDocumentUrl(contract.id, 'frozen')}>
              <Download aria-hidden="true" className="size-4" /> Document as sent (PDF)
            </a>
            <p className="mt-0.5 break-all font-mono text-[11px] text-meta">
              SHA-256 {data.documents.frozen.sha256}
            </p>
          </li>
        )}
        {data?.documents.final ? (
          <li>
            <a className={linkClass} href={contractDocumentUrl(contract.id, 'final')}>
              <ShieldCheck aria-hidden="true" className="size-4" /> Signed and sealed PDF
            </a>
            <p className="mt-0.5 break-all font-mono text-[11px] text-meta">
              SHA-256 {data.documents.final.sha256}
            </p>
          </li>
        ) : data?.completedAt ? (
          <li className="flex items-start gap-2 text-slate-600" role="status">
            {data.sealError ? (
              <>
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
                <span>Sealing failed and will be retried: {data.sealError}</span>
              </>
            ) : (
              <>
                <Loader2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
                <span>Sealing the signed PDF…</span>
              </>
            )}
          </li>
        ) : null}
      </ul>
      {contract.status === 'sent' && (
        <div className="mt-4 border-t border-slate-100 pt-4">
          <CancelContractDialog contractId={contract.id} />
        </div>
      )}
    </Card>
  );
}
