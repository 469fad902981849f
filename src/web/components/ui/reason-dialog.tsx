import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { ErrorBanner } from './banner';
import { Button } from './button';

type Props = {
  /** The button that opens it; without one the dialog is controlled through open/onOpenChange. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: string;
  keepLabel: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  /** Called with the trimmed reason; resolves when done (the dialog then closes). */
  onConfirm: (reason: string) => Promise<unknown>;
};

/** A destructive step that needs a reason (cancel, decline): asked for in a modal dialog. */
export function ReasonDialog({
  trigger,
  title,
  description,
  keepLabel,
  confirmLabel,
  pending,
  error,
  onConfirm,
  ...controlled
}: Props) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlled.open ?? ownOpen;
  const setOpen = controlled.onOpenChange ?? setOwnOpen;
  const [reason, setReason] = useState('');
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          <form
            className="mt-4 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!reason.trim()) return;
              onConfirm(reason.trim()).then(
                () => setOpen(false),
                () => {
                  // Stays open: the failure is shown through `error`.
                },
              );
            }}
          >
            <div>
              <label htmlFor="reason" className="block text-sm font-medium text-slate-700">
                Reason
              </label>
              <textarea
                id="reason"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                maxLength={1000}
                rows={3}
                required
                className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
              />
            </div>
            {error ? <ErrorBanner>{errorMessage(error)}</ErrorBanner> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">{keepLabel}</Button>
              </Dialog.Close>
              <Button
                type="submit"
                className="bg-red-600 hover:bg-red-500"
                loading={pending}
                disabled={!reason.trim()}
              >
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
