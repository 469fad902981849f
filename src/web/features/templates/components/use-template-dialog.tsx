import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ContractSummary } from '../../../../shared/api/contracts';
import { AppError } from '../../../../shared/errors';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { randomId } from '../../../lib/random-id';
import type { FromTemplateState } from '../../../lib/template-roles';
import { useCreateFromTemplate } from '../api/templates';
import { ProjectPicker, useProjectPick } from './project-picker';

/**
 * 'Use template': asks for the project, makes the draft and opens it, with the template's roles
 * to fill in and its 'Fill in fields' panel open.
 */
export function UseTemplateDialog({
  template,
  open,
  onOpenChange,
}: {
  template: ContractSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Use “{template.title}”</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            A new draft contract is made from this template. Pick the project it belongs to.
          </Dialog.Description>
          {/* Mounted only while open: each opening starts with a fresh id and the default project. */}
          {open && <UseTemplateForm template={template} onCancel={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function UseTemplateForm({ template, onCancel }: { template: ContractSummary; onCancel: () => void }) {
  const navigate = useNavigate();
  const { projects, projectId, pick } = useProjectPick();
  const create = useCreateFromTemplate();
  const [id] = useState(randomId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { templateId: template.id, id, projectId },
      {
        onSuccess: (contract) => {
          const state: FromTemplateState = { fromTemplate: { fillFields: true } };
          navigate(`/contracts/${contract.id}`, { state });
        },
      },
    );
  };

  return (
    <form className="mt-4 space-y-4" onSubmit={submit}>
      <ProjectPicker
        id="use-template-project"
        projects={projects.data}
        value={projectId}
        onChange={pick}
        none="No projects yet: the contract goes to a new “General” project."
      />
      {create.error && (
        <ErrorBanner>
          {create.error instanceof AppError
            ? create.error.message
            : 'Something went wrong. Please try again.'}
        </ErrorBanner>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending} disabled={!projects.data}>
          Create contract
        </Button>
      </div>
    </form>
  );
}
