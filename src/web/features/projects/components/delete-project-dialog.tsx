import * as Dialog from '@radix-ui/react-dialog';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Project } from '../../../../shared/api/projects';
import { AppError } from '../../../../shared/errors';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { useDeleteProject } from '../api/projects';

/**
 * 'Delete', confirmed in a dialog. The server refuses while the project holds contracts
 * (PROJECT_NOT_EMPTY): its message is shown and the project stays.
 */
export function DeleteProjectDialog({ project, onDeleted }: { project: Project; onDeleted: () => unknown }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteProject(project.id);
  const error = remove.error;
  // Refused because contracts are still in it: asking again would only be refused again.
  const refused = error instanceof AppError && error.code === 'PROJECT_NOT_EMPTY';

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) remove.reset();
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="danger" className="bg-white shadow-sm ring-1 ring-inset ring-red-200">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <div className="flex gap-4">
            <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
              <Trash2 aria-hidden="true" className="size-5" />
            </div>
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                Delete this project?
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600 wrap-anywhere">
                “{project.name}” will be deleted for everyone in your organization. This cannot be undone.
              </Dialog.Description>
            </div>
          </div>
          {error ? (
            <div className="mt-4">
              <ErrorBanner>{errorMessage(error)}</ErrorBanner>
            </div>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">{refused ? 'Close' : 'Keep project'}</Button>
            </Dialog.Close>
            <Button
              className="bg-red-600 hover:bg-red-500 disabled:hover:bg-red-600"
              loading={remove.isPending}
              disabled={refused}
              onClick={() => remove.mutateAsync().then(onDeleted, () => undefined)}
            >
              Delete project
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
