import * as Dialog from '@radix-ui/react-dialog';
import { errorMessage } from '../../lib/api-errors';
import { ErrorBanner } from './banner';
import { Button } from './button';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  /** `primary` for a step that is meant and not destructive (send), red otherwise. */
  tone?: 'danger' | 'primary';
  /** The button that closes it without the step. */
  keepLabel?: string;
};

/** Asks before a step that cannot be undone (delete, send); the failure, if any, is shown inside. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending,
  error,
  onConfirm,
  tone = 'danger',
  keepLabel = 'Keep it',
}: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          {error ? (
            <div className="mt-4">
              <ErrorBanner>{errorMessage(error)}</ErrorBanner>
            </div>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{keepLabel}</Button>
            </Dialog.Close>
            <Button
              className={tone === 'danger' ? 'bg-red-600 hover:bg-red-500' : ''}
              loading={pending}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
