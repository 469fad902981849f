import * as Dialog from '@radix-ui/react-dialog';
import type { Editor } from '@tiptap/core';
import { type FormEvent, useState } from 'react';
import { maxLinkLength, safeLinkHref } from '../../../../editor/link-href';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

type Props = { editor: Editor; open: boolean; onOpenChange: (open: boolean) => void };

export const linkRefusal = 'Enter a web address (http or https) or an e-mail address (mailto:).';

/**
 * Sets, changes or removes the link at the selection (Mod-K or the toolbar's Link). Only what
 * `safeLinkHref` accepts is applied, the same check the server makes, so a `javascript:` or
 * `data:` address is refused here with a reason instead of vanishing on save.
 */
export function EditorLinkDialog({ editor, open, onOpenChange }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/20" />
        <Dialog.Content
          // Back to the document, where the link is, rather than to a toolbar button.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            editor.commands.focus();
          }}
          className="fixed top-1/3 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl"
        >
          {open && <LinkForm editor={editor} close={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LinkForm({ editor, close }: { editor: Editor; close: () => void }) {
  // Read once when the dialog opens: the link under the cursor, if any.
  const [existing] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [address, setAddress] = useState(existing);
  const [error, setError] = useState<string | undefined>();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const href = safeLinkHref(address);
    if (!href) {
      setError(address.trim() ? linkRefusal : 'Enter the address to link to.');
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !existing) {
      // Nothing selected: the address itself becomes the linked text, and what is typed next
      // is not part of the link.
      const text = href.startsWith('mailto:') ? href.slice('mailto:'.length) : href;
      chain
        .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
        .unsetMark('link')
        .run();
    } else {
      chain.extendMarkRange('link').setLink({ href }).run();
    }
    close();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    close();
  };

  return (
    <>
      <Dialog.Title className="text-lg font-semibold text-slate-900">
        {existing ? 'Edit link' : 'Add link'}
      </Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-slate-600">
        A web page (https://…) or an e-mail address (mailto:…).
      </Dialog.Description>
      <form className="mt-4 space-y-4" onSubmit={apply} noValidate>
        <TextField
          label="Link address"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLinkLength}
          placeholder="https://example.com"
          value={address}
          error={error}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {existing && (
            <Button type="button" variant="secondary" onClick={remove} className="sm:mr-auto">
              Remove link
            </Button>
          )}
          <Dialog.Close asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit">Apply</Button>
        </div>
      </form>
    </>
  );
}
