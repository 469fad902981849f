import { useQuery } from '@tanstack/react-query';
import { Check, Copy, Globe } from 'lucide-react';
import { useState } from 'react';
import type { Contract } from '../../../../shared/api/contracts';
import type { PublicLink, PublicLinkState } from '../../../../shared/api/public-links';
import { isRolePlaceholder } from '../../../../shared/recipients';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { templatePublicLinksQuery, useCreatePublicLink, useUpdatePublicLink } from '../api/public-links';
import { LinkSettingsDialog } from '../components/link-settings-dialog';
import { LinkSubmissionsDialog } from '../components/link-submissions-dialog';

const stateWords: Record<PublicLinkState, { label: string; tone: string }> = {
  active: { label: 'Taking submissions', tone: 'bg-green-50 text-green-700 ring-green-200' },
  off: { label: 'Off', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
  expired: { label: 'Expired', tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
  full: { label: 'Cap reached', tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
  full_today: { label: "Today's cap reached", tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
};

/**
 * A saved template's public links, in the template editor: publish one (anyone with the link signs
 * in one role, each submission a contract of its own), copy its URL, change it, turn it off, and
 * see its submissions.
 */
export function PublicLinksCard({ template }: { template: Contract }) {
  const links = useQuery(templatePublicLinksQuery(template.id));
  const create = useCreatePublicLink(template.id);
  const roles = template.signers
    .filter((signer) => signer.role === 'signer' && isRolePlaceholder(signer.email))
    .map((signer) => ({ number: signer.number, name: signer.name || `Role ${signer.number}` }));
  return (
    <Card className="p-4">
      <section aria-labelledby="public-links-title">
        <div className="flex items-center justify-between gap-2">
          <h2
            id="public-links-title"
            className="flex items-center gap-2 text-sm font-semibold text-slate-900"
          >
            <Globe aria-hidden="true" className="size-4 text-slate-500" />
            Public links
          </h2>
          {roles.length > 0 && (
            <LinkSettingsDialog
              trigger={
                <Button variant="secondary" size="sm">
                  Publish a link
                </Button>
              }
              title="Publish a public link"
              confirmLabel="Publish"
              roles={roles}
              pending={create.isPending}
              error={create.error}
              onSave={(settings) => create.mutateAsync(settings)}
            />
          )}
        </div>
        <p className="mt-1 text-xs text-slate-600">
          {roles.length > 0
            ? 'Anyone with a link signs as one role; your other roles countersign each submission.'
            : 'To publish a link, the template needs a signer role whose person is given per contract.'}
        </p>
        {links.isError && <ErrorBanner>{errorMessage(links.error)}</ErrorBanner>}
        <ul className="mt-3 space-y-3">
          {(links.data ?? []).map((link) => (
            <LinkItem key={link.id} link={link} templateId={template.id} />
          ))}
        </ul>
      </section>
    </Card>
  );
}

function LinkItem({ link, templateId }: { link: PublicLink; templateId: string }) {
  const update = useUpdatePublicLink(templateId);
  const [copied, setCopied] = useState(false);
  const state = stateWords[link.state];
  const onCopy = async () => {
    const done = await (navigator.clipboard?.writeText(link.url) ?? Promise.reject()).then(
      () => true,
      () => false,
    );
    setCopied(done);
  };
  return (
    <li className="rounded-md border border-slate-200 p-3" aria-label={link.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-sm break-words text-slate-900">{link.name}</span>
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${state.tone}`}
        >
          {state.label}
        </span>
      </div>
      <p className="text-meta mt-1 text-xs">
        Signs as {link.roleName} · {link.submissions} {link.submissions === 1 ? 'submission' : 'submissions'}
        {link.maxTotal !== null ? ` of ${link.maxTotal}` : ''}
        {link.requireEmailCode ? ' · e-mailed code' : ''}
      </p>
      <div className="mt-2 flex items-center gap-1">
        <input
          aria-label={`Link of ${link.name}`}
          readOnly
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
          className="h-8 min-w-0 flex-1 rounded-md border-0 px-2 font-mono text-xs text-slate-700 ring-1 ring-inset ring-slate-300"
        />
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Copy the link of ${link.name}`}
          onClick={() => void onCopy()}
        >
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
        </Button>
      </div>
      {copied && (
        <p role="status" className="mt-1 text-xs text-slate-600">
          Copied to the clipboard.
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-1">
        <LinkSettingsDialog
          trigger={
            <Button variant="ghost" size="sm">
              Settings
            </Button>
          }
          title={`Settings of ${link.name}`}
          confirmLabel="Save"
          link={link}
          roles={[]}
          pending={update.isPending}
          error={update.error}
          onSave={({ roleNumber: _role, ...settings }) => update.mutateAsync({ id: link.id, body: settings })}
        />
        <Button
          variant={link.enabled ? 'danger' : 'ghost'}
          size="sm"
          loading={update.isPending && update.variables?.body.enabled !== undefined}
          onClick={() => update.mutate({ id: link.id, body: { enabled: !link.enabled } })}
        >
          {link.enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <LinkSubmissionsDialog link={link} />
      </div>
      {update.isError && update.variables?.body.enabled !== undefined && (
        <ErrorBanner>{errorMessage(update.error)}</ErrorBanner>
      )}
    </li>
  );
}
