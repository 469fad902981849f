import * as Dialog from '@radix-ui/react-dialog';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import type { Project } from '../../../../shared/api/projects';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { useUpdateProject } from '../api/projects';
import { ProjectFields, projectFieldErrors } from './project-fields';

/** 'Edit': the project's name and description in a dialog, saved with one PATCH. */
export function EditProjectDialog({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const update = useUpdateProject(project.id);
  const errors = projectFieldErrors(update.error);
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (update.isError) update.reset();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        // Each opening starts from the project as it is now.
        if (next) {
          setName(project.name);
          setDescription(project.description);
          update.reset();
        }
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary">
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Edit project</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Change how this project is named and described. Its contracts stay as they are.
          </Dialog.Description>
          <form
            noValidate
            className="mt-5 space-y-5"
            aria-busy={update.isPending || undefined}
            onSubmit={(event) => {
              event.preventDefault();
              if (update.isPending) return;
              update.mutate({ name, description }, { onSuccess: () => setOpen(false) });
            }}
          >
            <ProjectFields
              name={name}
              description={description}
              errors={errors}
              onNameChange={edited(setName)}
              onDescriptionChange={edited(setDescription)}
            />
            {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" loading={update.isPending}>
                Save changes
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
