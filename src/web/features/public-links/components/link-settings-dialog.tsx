import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { PublicLink } from '../../../../shared/api/public-links';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrors } from '../../../lib/field-errors';
import { useProjects } from '../../projects/api/projects';

/** What the dialog sends: a new link's settings (with its role), or a link's changed ones. */
export type LinkSettings = {
  roleNumber: number;
  name: string;
  projectId: string | null;
  expiresAt: string | null;
  maxPerDay: number | null;
  maxTotal: number | null;
  requireEmailCode: boolean;
  embedOrigins: string[];
};

const selectClass =
  'mt-1 block h-10 w-full rounded-md border-0 px-3 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-indigo-600';

/** The date input's value for a stored expiry, and the expiry (the end of that day, here) for a date. */
const dateOf = (iso: string | null) => {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
};
const expiryOf = (date: string) => (date ? new Date(`${date}T23:59:59`).toISOString() : null);
const capOf = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * A link's settings in a dialog: for a new link, also the role its visitor takes (the template's
 * roles given their person per contract); the server's refusal is shown under its field.
 */
export function LinkSettingsDialog({
  trigger,
  title,
  confirmLabel,
  link,
  roles,
  pending,
  error,
  onSave,
}: {
  trigger: ReactNode;
  title: string;
  confirmLabel: string;
  /** The link being changed; none for a new one. */
  link?: PublicLink;
  /** The roles a visitor may take, by number (a new link only). */
  roles: { number: number; name: string }[];
  pending: boolean;
  error: unknown;
  onSave: (settings: LinkSettings) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Anyone with the link can sign: each submission becomes a contract of its own, which your roles
            then countersign in their order.
          </Dialog.Description>
          <SettingsForm
            link={link}
            roles={roles}
            pending={pending}
            error={error}
            onSave={onSave}
            confirmLabel={confirmLabel}
            onDone={() => setOpen(false)}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's fields, made afresh each time it opens (a new link starts empty again). */
function SettingsForm({
  link,
  roles,
  pending,
  error,
  onSave,
  confirmLabel,
  onDone,
}: {
  confirmLabel: string;
  link?: PublicLink;
  roles: { number: number; name: string }[];
  pending: boolean;
  error: unknown;
  onSave: (settings: LinkSettings) => Promise<unknown>;
  onDone: () => void;
}) {
  const projects = useProjects();
  const id = useId();
  const [roleNumber, setRoleNumber] = useState(link?.roleNumber ?? roles[0]?.number ?? 1);
  const [name, setName] = useState(link?.name ?? '');
  const [projectId, setProjectId] = useState(link?.projectId ?? '');
  const [expires, setExpires] = useState(dateOf(link?.expiresAt ?? null));
  const [perDay, setPerDay] = useState(link?.maxPerDay?.toString() ?? '');
  const [total, setTotal] = useState(link?.maxTotal?.toString() ?? '');
  const [requireEmailCode, setRequireEmailCode] = useState(link?.requireEmailCode ?? false);
  const [origins, setOrigins] = useState(link?.embedOrigins.join('\n') ?? '');
  const errors = fieldErrors(error, [
    'roleNumber',
    'name',
    'projectId',
    'expiresAt',
    'maxPerDay',
    'maxTotal',
    'embedOrigins',
  ]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      roleNumber,
      name,
      projectId: projectId || null,
      expiresAt: expiryOf(expires),
      maxPerDay: capOf(perDay),
      maxTotal: capOf(total),
      requireEmailCode,
      embedOrigins: origins
        .split(/[\s,]+/)
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    }).then(onDone, () => undefined);
  };
  return (
    <form className="mt-4 space-y-4" onSubmit={onSubmit}>
      <TextField
        label="Name (for you)"
        placeholder="NDA on the website"
        required
        maxLength={200}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      {!link && (
        <div>
          <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-700">
            The visitor signs as
          </label>
          <select
            id={`${id}-role`}
            className={selectClass}
            value={roleNumber}
            onChange={(event) => setRoleNumber(Number(event.target.value))}
          >
            {roles.map((role) => (
              <option key={role.number} value={role.number}>
                {role.name}
              </option>
            ))}
          </select>
          {errors.roleNumber && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.roleNumber}
            </p>
          )}
        </div>
      )}
      <div>
        <label htmlFor={`${id}-project`} className="block text-sm font-medium text-slate-700">
          Contracts go to the project
        </label>
        <select
          id={`${id}-project`}
          className={selectClass}
          value={projectId}
          onChange={(event) => setProjectId(event.target.value)}
        >
          <option value="">The first project</option>
          {(projects.data ?? []).map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Expires after"
          type="date"
          value={expires}
          error={errors.expiresAt}
          onChange={(event) => setExpires(event.target.value)}
        />
        <TextField
          label="At most a day"
          type="number"
          min={1}
          placeholder="No cap"
          value={perDay}
          error={errors.maxPerDay}
          onChange={(event) => setPerDay(event.target.value)}
        />
        <TextField
          label="At most in all"
          type="number"
          min={1}
          placeholder="No cap"
          value={total}
          error={errors.maxTotal}
          onChange={(event) => setTotal(event.target.value)}
        />
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600"
          checked={requireEmailCode}
          onChange={(event) => setRequireEmailCode(event.target.checked)}
        />
        <span>Confirm each visitor's e-mail address with an e-mailed code</span>
      </label>
      <div>
        <label htmlFor={`${id}-origins`} className="block text-sm font-medium text-slate-700">
          Websites that may embed it (optional)
        </label>
        <textarea
          id={`${id}-origins`}
          rows={2}
          placeholder="https://www.example.com"
          className="mt-1 block w-full rounded-md border-0 px-3 py-2 font-mono text-xs text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-indigo-600"
          value={origins}
          aria-invalid={errors.embedOrigins ? true : undefined}
          onChange={(event) => setOrigins(event.target.value)}
        />
        <p className="mt-1 text-xs text-slate-600">One origin a line, https:// (or http://localhost:port).</p>
      </div>
      {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" loading={pending}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
