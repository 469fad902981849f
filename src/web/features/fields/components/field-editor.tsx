import { PenLine } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Contract } from '../../../../shared/api/contracts';
import { type FieldType, fieldTypesWithChoices } from '../../../../shared/fields';
import { PdfPages } from '../../../components/pdf-pages';
import { Button } from '../../../components/ui/button';
import { pdfDownloadUrl } from '../../../lib/pdf-transfer';
import { type Box, boxCentredAt, copyPlace, type PageAspect } from '../field-geometry';
import { freeInitialsCorner, pagesText } from '../initials-placement';
import type { DraftField, FieldDraft } from '../use-field-draft';
import { FieldLayer } from './field-layer';
import { FieldPalette } from './field-palette';
import { FieldProperties } from './field-properties';
import { SignerLegend } from './signer-legend';

/** A new field's settings besides its place: required unless a box to tick, two choices to rename. */
const freshSettings = (type: FieldType) => ({
  required: type !== 'checkbox',
  label: '',
  value: null,
  options: fieldTypesWithChoices.includes(type) ? { choices: ['Option 1', 'Option 2'] } : {},
});

/**
 * The field editor: a palette of field types, the contract's PDFs page by page with their fields
 * in their signers' colours, and the selected field's settings. Fields are placed for the signer
 * chosen in the legend; every change is saved by itself.
 */
export function FieldEditor({
  contract,
  draft,
  initialFile,
}: {
  contract: Contract;
  draft: FieldDraft;
  initialFile: string | null;
}) {
  const [fileId, setFileId] = useState(
    contract.files.find((file) => file.id === initialFile)?.id ?? contract.files[0]?.id ?? '',
  );
  const [selected, setSelected] = useState<string | null>(null);
  const [placingFor, setPlacingFor] = useState<number | null>(contract.signers.length > 0 ? 1 : null);
  const [notice, setNotice] = useState<{ done: string; left: string }>({ done: '', left: '' });
  // The field to bring into view and focus once it is drawn (its page may still be loading).
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const focusField = (key: string) => setFocusKey(key);
  const pagesFrame = useRef<HTMLDivElement>(null);
  const signers = contract.signers.map((signer, index) => ({ number: index + 1, name: signer.name }));
  const signerNameOf = (number: number | null) =>
    signers.find((signer) => signer.number === number)?.name ?? null;
  const file = contract.files.find((candidate) => candidate.id === fileId);
  const aspectOf = (fileIdOf: string, page: number): PageAspect => {
    const size = contract.files.find((candidate) => candidate.id === fileIdOf)?.pages[page];
    return size ? size.height / size.width : Math.SQRT2;
  };

  const addField = (page: number, type: FieldType, box: Box, from?: DraftField) => {
    const key = draft.add(
      from
        ? { ...from, id: undefined, ...box }
        : { fileId, page, type, signer: placingFor, ...freshSettings(type), ...box },
    );
    setSelected(key);
    focusField(key);
  };

  /** The page most in view in the scrolled pages, where a clicked palette entry lands. */
  const pageInView = (): number => {
    const layers = pagesFrame.current?.querySelectorAll<HTMLElement>('[data-field-layer]') ?? [];
    const frame = pagesFrame.current?.querySelector('section')?.getBoundingClientRect();
    let best = 0;
    let bestShown = -1;
    for (const layer of layers) {
      const rect = layer.getBoundingClientRect();
      const top = Math.max(rect.top, frame?.top ?? 0, 0);
      const bottom = Math.min(rect.bottom, frame?.bottom ?? window.innerHeight, window.innerHeight);
      const shown = bottom - top;
      if (shown > bestShown) {
        bestShown = shown;
        best = Number(layer.dataset.fieldLayer?.split(':')[1] ?? 0);
      }
    }
    return best;
  };

  const pick = (type: FieldType) => {
    const page = pageInView();
    addField(page, type, boxCentredAt(type, aspectOf(fileId, page), { x: 0.5, y: 0.5 }));
  };

  /**
   * The chosen signer's initials on every page of every PDF that has none of theirs yet, each in
   * the nearest corner no placed field touches; the pages where every corner is taken are named.
   */
  const initialsOnEveryPage = () => {
    if (placingFor === null) return;
    const added: Omit<DraftField, 'key'>[] = [];
    const crowded: { file: string; page: number }[] = [];
    for (const each of contract.files) {
      each.pages.forEach((_, page) => {
        const onPage = draft.fields.filter((field) => field.fileId === each.id && field.page === page);
        if (onPage.some((field) => field.type === 'initials' && field.signer === placingFor)) return;
        const corner = freeInitialsCorner(aspectOf(each.id, page), onPage);
        if (!corner) {
          crowded.push({ file: each.name, page });
          return;
        }
        added.push({
          fileId: each.id,
          page,
          type: 'initials',
          signer: placingFor,
          ...freshSettings('initials'),
          ...corner,
        });
      });
    }
    draft.addMany(added);
    const name = signerNameOf(placingFor);
    const done =
      added.length === 0
        ? crowded.length === 0
          ? `${name} already has initials on every page.`
          : ''
        : `Initials for ${name} added on ${added.length} ${added.length === 1 ? 'page' : 'pages'}.`;
    const left =
      crowded.length === 0
        ? ''
        : `No corner is free of fields on ${pagesText(crowded)}: place ${name}'s initials there by hand.`;
    setNotice({ done, left });
  };

  const show = (field: DraftField) => {
    setFileId(field.fileId);
    setSelected(field.key);
    focusField(field.key);
  };

  /** Deletes a field; the focus goes to the pages, so the keyboard carries on from there. */
  const remove = (key: string) => {
    draft.remove(key);
    setSelected(null);
    pagesFrame.current?.querySelector<HTMLElement>('section[aria-label]')?.focus({ preventScroll: true });
  };

  const chosen = draft.fields.find((field) => field.key === selected);
  const chosenFile = chosen && contract.files.find((each) => each.id === chosen.fileId);
  const copy = (field: DraftField) => addField(field.page, field.type, copyPlace(field), field);

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[12rem_minmax(0,1fr)_17rem]">
      <aside aria-label="Signers and fields to place" className="space-y-4 lg:sticky lg:top-4 lg:self-start">
        <SignerLegend
          signers={signers}
          fields={draft.fields}
          placingFor={placingFor}
          onPlacingFor={setPlacingFor}
          onShowUnassigned={show}
        />
        <FieldPalette onPick={pick} />
        <div className="space-y-1">
          <Button
            variant="secondary"
            size="sm"
            className="w-full"
            disabled={placingFor === null}
            onClick={initialsOnEveryPage}
          >
            <PenLine aria-hidden="true" className="size-4" />
            Initials on every page
          </Button>
          <div aria-live="polite" className="space-y-1 text-xs">
            <p className="text-slate-600 empty:hidden">{notice.done}</p>
            <p className="text-amber-800 empty:hidden">{notice.left}</p>
          </div>
        </div>
      </aside>
      <div ref={pagesFrame} className="min-w-0 overflow-hidden rounded-lg border border-slate-200 bg-white">
        {contract.files.length > 1 && (
          <fieldset className="flex gap-1 overflow-x-auto border-b border-slate-200 p-2">
            <legend className="sr-only">Documents</legend>
            {contract.files.map((each) => (
              <button
                key={each.id}
                type="button"
                aria-pressed={each.id === fileId}
                onClick={() => setFileId(each.id)}
                dir="auto"
                className="max-w-56 shrink-0 truncate rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100 aria-pressed:bg-indigo-50 aria-pressed:font-medium aria-pressed:text-indigo-800"
              >
                {each.name}
              </button>
            ))}
          </fieldset>
        )}
        {file && (
          <PdfPages
            key={file.id}
            url={pdfDownloadUrl(contract.id, file.id)}
            label={`Pages of ${file.name}`}
            renderOverlay={(page) => (
              <FieldLayer
                fileId={file.id}
                page={page}
                aspect={aspectOf(file.id, page)}
                fields={draft.fields.filter((field) => field.fileId === file.id && field.page === page)}
                selected={selected}
                focusKey={focusKey}
                onFocused={() => setFocusKey(null)}
                signerNameOf={signerNameOf}
                onSelect={setSelected}
                onAdd={(type, box, from) => addField(page, type, box, from)}
                onPlace={(key, box) => draft.update(key, box)}
                onRemove={remove}
              />
            )}
          />
        )}
      </div>
      <aside
        aria-label="Field settings"
        className="rounded-lg border border-slate-200 bg-white p-4 lg:sticky lg:top-4 lg:self-start"
      >
        {chosen && chosenFile ? (
          <FieldProperties
            key={chosen.key}
            field={chosen}
            signers={signers}
            pageLabel={`Page ${chosen.page + 1} of ${chosenFile.name}`}
            onChange={(patch) => draft.update(chosen.key, patch)}
            onCopy={() => copy(chosen)}
            onRemove={() => remove(chosen.key)}
          />
        ) : (
          <div className="space-y-2 text-sm text-slate-600">
            <h2 className="text-base font-semibold text-slate-900">How to place fields</h2>
            <p>Drag a field onto a page, or click it to place it on the page in view.</p>
            <p>
              Select a field to set its signer and what it asks. Arrow keys move it (Shift: further), Alt and
              the arrows resize it, Ctrl+D copies it, Delete removes it.
            </p>
          </div>
        )}
      </aside>
    </div>
  );
}
