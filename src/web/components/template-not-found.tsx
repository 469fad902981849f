import { FileX2 } from 'lucide-react';
import { useDocumentTitle } from '../lib/use-document-title';
import { ButtonLink } from './ui/button';
import { Card } from './ui/card';

/** /templates/{id} for a missing template, another organization's, or a contract's id. */
export function TemplateNotFound() {
  useDocumentTitle('Template not found');
  return (
    <Card className="mx-auto mt-8 max-w-lg px-6 py-12 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <FileX2 aria-hidden="true" className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Template not found</h1>
      <p className="mt-2 text-sm text-slate-600">
        This template does not exist or is not in your organization. It may have been deleted, or the link may
        be wrong.
      </p>
      <ButtonLink to="/templates" className="mt-6">
        Back to templates
      </ButtonLink>
    </Card>
  );
}
