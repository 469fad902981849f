import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ContractSummary } from '../../../../shared/api/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { errorMessage } from '../../../lib/api-errors';
import { docxDownloadUrl } from '../../../lib/docx-transfer';
import {
  useCancelFromList,
  useDeleteContract,
  useDuplicateContract,
  useSaveAsTemplate,
} from '../api/contract-list';
import { contractDocumentUrl } from '../api/signing';

export type Notice = { tone: 'success' | 'error'; text: string };

const messageOf = (error: unknown) => errorMessage(error);

const itemClass =
  'flex w-full cursor-pointer items-center rounded px-3 py-2 text-left text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** A row's actions: open, duplicate, save as template, and what its status allows. */
export function ContractActionsMenu({
  contract,
  onNotice,
}: {
  contract: ContractSummary;
  onNotice: (notice: Notice) => void;
}) {
  const navigate = useNavigate();
  const duplicate = useDuplicateContract();
  const saveAsTemplate = useSaveAsTemplate();
  const remove = useDeleteContract();
  const cancel = useCancelFromList();
  const [dialog, setDialog] = useState<'cancel' | 'delete' | null>(null);

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`Actions for ${contract.title}`}
          className="rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <MoreHorizontal aria-hidden="true" className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 w-52 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200"
          >
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate(`/contracts/${contract.id}`)}>
              Open
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() =>
                duplicate.mutate(contract.id, {
                  onSuccess: (copy) => navigate(`/contracts/${copy.id}`),
                  onError: (error) => onNotice({ tone: 'error', text: messageOf(error) }),
                })
              }
            >
              Duplicate
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() =>
                saveAsTemplate.mutate(contract.id, {
                  onSuccess: () =>
                    onNotice({ tone: 'success', text: `"${contract.title}" was saved as a template` }),
                  onError: (error) => onNotice({ tone: 'error', text: messageOf(error) }),
                })
              }
            >
              Save as template
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <a href={docxDownloadUrl(contract.id)} download>
                Download .docx
              </a>
            </DropdownMenu.Item>
            {contract.status === 'signed' && (
              <DropdownMenu.Item asChild className={itemClass}>
                <a href={contractDocumentUrl(contract.id, 'final')}>Download signed PDF</a>
              </DropdownMenu.Item>
            )}
            {contract.status === 'sent' && (
              <DropdownMenu.Item className={`${itemClass} text-red-700`} onSelect={() => setDialog('cancel')}>
                Cancel…
              </DropdownMenu.Item>
            )}
            {contract.status === 'draft' && (
              <DropdownMenu.Item className={`${itemClass} text-red-700`} onSelect={() => setDialog('delete')}>
                Delete…
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReasonDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        title={`Cancel "${contract.title}"?`}
        description="Its signing links stop working, and everyone who was invited gets an e-mail with your reason."
        keepLabel="Keep it"
        confirmLabel="Cancel contract"
        pending={cancel.isPending}
        error={cancel.error}
        onConfirm={(reason) => cancel.mutateAsync({ id: contract.id, reason })}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={`Delete "${contract.title}"?`}
        description="The draft and its history are deleted for good."
        confirmLabel="Delete draft"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(contract.id, { onSuccess: () => setDialog(null) })}
      />
    </>
  );
}
