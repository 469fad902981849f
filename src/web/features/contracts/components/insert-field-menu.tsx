import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { Braces } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { collectMergeFields, type MergeFieldSummary } from '../../../../editor/merge-field';
import { mergeFieldKeyOf } from '../../../../editor/merge-field-values';
import { mergeFieldLimits } from '../../../../shared/limits';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { signerFieldsQuery } from '../../settings/api/settings';
import { SigningFieldDialog } from './signing-field-dialog';

const itemClass =
  'flex w-full cursor-pointer items-center rounded px-3 py-2 text-left text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';
const groupLabelClass = 'px-3 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500';

/**
 * 'Insert field': a placeholder for one of the signer fields (Full name, Email, …), one already in
 * the document, or a new one whose label the user types (every field with the same key takes the
 * same value when it is filled in); or a signing field, which a signer fills where it stands.
 */
export function InsertFieldMenu({ editor, parties }: { editor: Editor; parties: readonly string[] }) {
  const signerFields = useQuery(signerFieldsQuery);
  const [inDocument, setInDocument] = useState<MergeFieldSummary[]>([]);
  const [customOpen, setCustomOpen] = useState(false);
  const [signingOpen, setSigningOpen] = useState(false);
  const signerKeys = new Set(signerFields.data?.map((field) => field.key));
  const others = inDocument.filter((field) => !signerKeys.has(field.key));

  const insert = (key: string, label: string) => {
    editor.chain().focus().insertMergeField({ key, label }).run();
  };

  return (
    <>
      <DropdownMenu.Root
        modal={false}
        onOpenChange={(open) => {
          if (open) setInDocument(collectMergeFields(editor.state.doc));
        }}
      >
        <DropdownMenu.Trigger
          title="Insert field"
          className="flex items-center gap-1.5 rounded p-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=open]:bg-slate-100"
        >
          <Braces aria-hidden="true" className="size-4" />
          <span>Insert field</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            // The focus goes back to the document, where the field was put.
            onCloseAutoFocus={(event) => event.preventDefault()}
            className="z-50 max-h-80 w-60 overflow-y-auto rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200"
          >
            <DropdownMenu.Label className={groupLabelClass}>Signer fields</DropdownMenu.Label>
            {signerFields.isPending && <p className="px-3 py-2 text-sm text-slate-500">Loading…</p>}
            {signerFields.isError && (
              <p className="px-3 py-2 text-sm text-red-700">The signer fields could not be loaded.</p>
            )}
            {signerFields.data?.map((field) => (
              <DropdownMenu.Item
                key={field.id}
                className={itemClass}
                onSelect={() => insert(field.key, field.name)}
              >
                {field.name}
              </DropdownMenu.Item>
            ))}
            {others.length > 0 && (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
                <DropdownMenu.Label className={groupLabelClass}>In this document</DropdownMenu.Label>
                {others.map((field) => (
                  <DropdownMenu.Item
                    key={field.key}
                    className={itemClass}
                    onSelect={() => insert(field.key, field.label)}
                  >
                    {field.label}
                  </DropdownMenu.Item>
                ))}
              </>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            <DropdownMenu.Item className={itemClass} onSelect={() => setCustomOpen(true)}>
              Custom field…
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            <DropdownMenu.Label className={groupLabelClass}>Filled by a signer</DropdownMenu.Label>
            <DropdownMenu.Item className={itemClass} onSelect={() => setSigningOpen(true)}>
              Signing field…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <CustomFieldDialog
        open={customOpen}
        onOpenChange={setCustomOpen}
        onInsert={(label) => {
          // At the document's selection, which it keeps while the dialog has the focus.
          editor.commands.insertMergeField({ key: mergeFieldKeyOf(label), label });
          setCustomOpen(false);
        }}
        onClosed={() => editor.commands.focus()}
      />
      <SigningFieldDialog
        open={signingOpen}
        onOpenChange={setSigningOpen}
        parties={parties}
        onInsert={(attrs) => {
          editor.commands.insertSigningField(attrs);
          setSigningOpen(false);
        }}
        onClosed={() => editor.commands.focus()}
      />
    </>
  );
}

function CustomFieldDialog({
  open,
  onOpenChange,
  onInsert,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (label: string) => void;
  onClosed: () => void;
}) {
  const [label, setLabel] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return;
    onInsert(label.trim());
    setLabel('');
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          // Closing gives the focus back to the document rather than to the menu's button.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">Insert a custom field</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            A value you fill in before sending, such as a client name, an amount or a start date.
          </Dialog.Description>
          <form className="mt-4 space-y-4" onSubmit={submit}>
            <TextField
              label="Field label"
              value={label}
              maxLength={mergeFieldLimits.label}
              placeholder="e.g. Client name"
              autoComplete="off"
              onChange={(event) => setLabel(event.target.value)}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={!label.trim()}>
                Insert
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
