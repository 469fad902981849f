import { Download, Send, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { BulkSend } from '../../../../shared/api/bulk-sends';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { api } from '../../../lib/api';
import { useDiscardBulk, useSendBulk } from '../api/bulk-sends';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A batch being checked, in a line: how many contracts it makes and what is left to fix, the
 * problems to download, Send (once nothing is left, after asking) and Discard.
 */
export function SendCard({ batch }: { batch: BulkSend }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'send' | 'discard' | null>(null);
  const send = useSendBulk(batch.id);
  // A second click can come before the pending state is drawn (a double click does): one request.
  const sending = useRef(false);
  const discard = useDiscardBulk(batch.id);
  const contracts = plural(batch.rowCount, 'contract', 'contracts');
  const { count, rows } = batch.problems;
  const blocked = count > 0;

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6 lg:flex-row lg:items-center lg:justify-between">
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-900">
          {plural(batch.rowCount, 'row', 'rows')}, a contract for each
        </p>
        {blocked ? (
          <p id="bulk-send-blocked" className="text-sm text-red-800">
            {plural(count, 'problem', 'problems')}
            {rows > 0 ? ` in ${plural(rows, 'row', 'rows')}` : ''} to fix before sending.
          </p>
        ) : (
          <p className="text-sm text-green-800">Every row is ready to send.</p>
        )}
        {rows > 0 && (
          <a
            href={api.bulkSends.problems.url({ params: { id: batch.id } })}
            download
            className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline"
          >
            <Download aria-hidden="true" className="size-4" />
            Download problems (CSV)
          </a>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="danger" onClick={() => setDialog('discard')}>
          <Trash2 aria-hidden="true" className="size-4" />
          Discard batch
        </Button>
        <Button
          disabled={blocked}
          aria-describedby={blocked ? 'bulk-send-blocked' : undefined}
          loading={send.isPending}
          onClick={() => setDialog('send')}
        >
          <Send aria-hidden="true" className="size-4" />
          Send {contracts}
        </Button>
      </div>
      <ConfirmDialog
        tone="primary"
        keepLabel="Not yet"
        open={dialog === 'send'}
        onOpenChange={(open) => {
          if (!open) send.reset();
          setDialog(open ? 'send' : null);
        }}
        title={`Send ${contracts}, one to each row's people?`}
        description={`Each row becomes a contract of “${batch.template.title}”, sent for signing at once. Contracts sent cannot be called back, only canceled one by one.`}
        confirmLabel={`Send ${contracts}`}
        pending={send.isPending}
        error={send.error}
        onConfirm={() => {
          // The server sends a batch once however often it is asked; the page asks once.
          if (sending.current) return;
          sending.current = true;
          send.mutate(undefined, {
            onSuccess: () => setDialog(null),
            onSettled: () => {
              sending.current = false;
            },
          });
        }}
      />
      <ConfirmDialog
        open={dialog === 'discard'}
        onOpenChange={(open) => {
          if (!open) discard.reset();
          setDialog(open ? 'discard' : null);
        }}
        title="Discard this bulk send?"
        description="The uploaded rows are deleted and nothing is sent. The template is not changed."
        confirmLabel="Discard batch"
        pending={discard.isPending}
        error={discard.error}
        onConfirm={() => discard.mutate(undefined, { onSuccess: () => navigate('/templates') })}
      />
    </Card>
  );
}
