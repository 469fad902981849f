import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, FilePlus2, LayoutTemplate, Mails, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ContractSummary } from '../../../../shared/api/contracts';
import { ImportDocxButton } from '../../../components/import-docx-button';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button, ButtonLink, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { UploadPdfButton } from '../../../components/upload-pdf-button';
import { formatDate } from '../../../lib/dates';
import { docxDownloadUrl } from '../../../lib/docx-transfer';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { templateListQuery, useDeleteTemplate } from '../api/templates';
import { SendInBulkDialog } from '../components/send-in-bulk-dialog';
import { UseTemplateDialog } from '../components/use-template-dialog';

/** /templates: the organization's templates, searched by title; each can be opened, used or deleted. */
export function TemplatesPage() {
  useDocumentTitle('Templates');
  // The search lives in the address, so reload and back keep it.
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const list = useInfiniteQuery(templateListQuery(q));

  // Searching waits for a pause in typing, so each keystroke does not cost a request.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(
      () => setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true }),
      250,
    );
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Templates</h1>
          <p className="mt-1 text-slate-600">
            Standard contracts with their signer roles and fields, ready to start a new draft from.
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-start gap-3">
          <UploadPdfButton template />
          <ImportDocxButton template />
          <ButtonLink to="/templates/new">
            <Plus aria-hidden="true" className="size-4" />
            New Template
          </ButtonLink>
        </div>
      </div>

      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          aria-label="Search templates"
          placeholder="Search templates by title"
          value={typed}
          maxLength={200}
          onChange={(event) => setTyped(event.target.value)}
          className="h-10 w-full rounded-md border-0 pr-3 pl-9 text-sm shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600"
        />
      </div>

      {list.error && (
        <ErrorBanner>
          The templates could not be loaded: {list.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </ErrorBanner>
      )}

      {list.isPending ? (
        <div
          role="status"
          aria-label="Loading templates"
          className="h-64 animate-pulse rounded-lg bg-slate-100"
        />
      ) : items.length === 0 && !list.error ? (
        <Card className="px-6 py-16 text-center">
          <LayoutTemplate aria-hidden="true" className="mx-auto size-10 text-slate-300" />
          <p className="mt-3 text-sm font-medium text-slate-900">
            {q ? 'No templates match' : 'No templates yet'}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            {q
              ? 'Try another search.'
              : 'Create a template once, then start each new contract from it in a click.'}
          </p>
          {!q && (
            <ButtonLink to="/templates/new" className="mt-4">
              Create Template
            </ButtonLink>
          )}
        </Card>
      ) : (
        <Card>
          <ul aria-label="Templates" className="divide-y divide-slate-100">
            {items.map((template) => (
              <TemplateRow key={template.id} template={template} />
            ))}
          </ul>
        </Card>
      )}
      <LoadMore pages={list} />
    </div>
  );
}

function TemplateRow({ template }: { template: ContractSummary }) {
  const [dialog, setDialog] = useState<'use' | 'bulk' | 'delete' | null>(null);
  const remove = useDeleteTemplate();
  const roles = template.signers.map((role) => role.name);
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-6">
      <div className="min-w-0 flex-1">
        <Link
          id={`template-title-${template.id}`}
          to={`/templates/${template.id}`}
          className="block truncate font-medium text-slate-900 hover:text-indigo-600"
        >
          {template.title}
        </Link>
        <p className="mt-0.5 text-sm text-slate-500">
          Updated {formatDate(template.updatedAt)}
          {' · '}
          {roles.length === 0 ? 'No roles' : `Roles: ${roles.join(', ')}`}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => setDialog('use')}>
          <FilePlus2 aria-hidden="true" className="size-4" />
          Use template
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setDialog('bulk')}>
          <Mails aria-hidden="true" className="size-4" />
          Send in bulk
        </Button>
        <a
          href={docxDownloadUrl(template.id)}
          download
          // Named without the title (row links are found by it), and described by it.
          aria-label="Download .docx"
          aria-describedby={`template-title-${template.id}`}
          title="Download .docx"
          className={buttonClass('ghost', 'sm')}
        >
          <Download aria-hidden="true" className="size-4" />
        </a>
        <Button
          variant="danger"
          size="sm"
          aria-label={`Delete ${template.title}`}
          title="Delete template"
          onClick={() => setDialog('delete')}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <UseTemplateDialog
        template={template}
        open={dialog === 'use'}
        onOpenChange={(open) => setDialog(open ? 'use' : null)}
      />
      <SendInBulkDialog
        template={template}
        open={dialog === 'bulk'}
        onOpenChange={(open) => setDialog(open ? 'bulk' : null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => {
          if (!open) remove.reset();
          setDialog(open ? 'delete' : null);
        }}
        title={`Delete "${template.title}"?`}
        description="The template is deleted for good. Contracts already made from it are not changed."
        confirmLabel="Delete template"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(template.id, { onSuccess: () => setDialog(null) })}
      />
    </li>
  );
}
