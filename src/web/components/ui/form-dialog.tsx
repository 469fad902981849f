import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { ErrorBanner } from './banner';
import { Button } from './button';

type Props = {
  /** The button that opens it. */
  trigger: ReactNode;
  title: string;
  description: string;
  keepLabel: string;
  confirmLabel: string;
  /** Whether the fields are filled enough to confirm. */
  ready: boolean;
  pending: boolean;
  error: unknown;
  /** Resolves when done (the dialog then closes); on a failure it stays open and shows it. */
  onConfirm: () => Promise<unknown>;
  /** The form's fields. */
  children: ReactNode;
};

/** A short form in a modal dialog (correct a recipient, hand a turn on): fields, keep and confirm. */
export function FormDialog({
  trigger,
  title,
  description,
  keepLabel,
  confirmLabel,
  ready,
  pending,
  error,
  onConfirm,
  children,
}: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          <form
            className="mt-4 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!ready) return;
              onConfirm().then(
                () => setOpen(false),
                () => {
                  // Stays open: the failure is shown below.
                },
              );
            }}
          >
            {children}
            {error ? <ErrorBanner>{errorMessage(error)}</ErrorBanner> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">{keepLabel}</Button>
              </Dialog.Close>
              <Button type="submit" loading={pending} disabled={!ready}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
