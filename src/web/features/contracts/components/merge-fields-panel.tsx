import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId } from 'react';
import { collectMergeFields, type MergeFieldSummary } from '../../../../editor/merge-field';
import { isFilledValue } from '../../../../editor/merge-field-values';
import { mergeFieldLimits } from '../../../../shared/limits';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';

const sameFields = (a: MergeFieldSummary[], b: MergeFieldSummary[] | null) =>
  b !== null &&
  a.length === b.length &&
  a.every((field, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      field.key === other.key &&
      field.label === other.label &&
      field.value === other.value &&
      field.count === other.count
    );
  });

/**
 * 'Fill in fields': one input per distinct field of the document; typing sets every field with
 * that key. It re-renders only when the fields change (not per keystroke in the document), and
 * shows nothing when the document has none.
 */
export function MergeFieldsPanel({
  editor,
  open,
  onOpenChange,
}: {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const panelId = useId();
  const fields = useEditorState({
    editor,
    selector: ({ editor: current }) => collectMergeFields(current.state.doc),
    equalityFn: sameFields,
  });
  if (fields.length === 0) return null;
  const empty = fields.filter((field) => !isFilledValue(field.value)).length;
  const Chevron = open ? ChevronUp : ChevronDown;
  return (
    <Card className={empty > 0 ? 'border-amber-300' : ''}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
        className="flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <span>
          <span className="block text-sm font-semibold text-slate-900">Fill in fields</span>
          <span className={`block text-xs ${empty > 0 ? 'text-amber-700' : 'text-emerald-700'}`}>
            {empty === 0
              ? `All ${fields.length === 1 ? 'fields are' : `${fields.length} fields are`} filled in`
              : `${empty} of ${fields.length} still empty`}
          </span>
        </span>
        <Chevron aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="Fill in fields"
          className="grid gap-4 border-t border-slate-100 px-4 py-4 sm:grid-cols-2"
        >
          {fields.map((field) => (
            <TextField
              key={field.key}
              label={field.count > 1 ? `${field.label} (${field.count}×)` : field.label}
              value={field.value ?? ''}
              maxLength={mergeFieldLimits.value}
              autoComplete="off"
              onChange={(event) => editor.commands.setMergeFieldValue(field.key, event.target.value)}
            />
          ))}
        </section>
      )}
    </Card>
  );
}
