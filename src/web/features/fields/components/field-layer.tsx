import type { DragEvent } from 'react';
import { type FieldType, fieldTypes } from '../../../../shared/fields';
import { type Box, boxCentredAt, copyPlace, type PageAspect } from '../field-geometry';
import type { DraftField } from '../use-field-draft';
import { FieldBox } from './field-box';

/** The type a palette entry carries while it is dragged onto a page. */
export const fieldDragType = 'application/x-pactum-field-type';

/**
 * The fields on one page, over its drawing: a palette entry dropped on it places a field there,
 * a click on the page itself (not on a field) clears the selection.
 */
export function FieldLayer({
  fileId,
  page,
  aspect,
  fields,
  selected,
  focusKey,
  onFocused,
  signerNameOf,
  onSelect,
  onAdd,
  onPlace,
  onRemove,
}: {
  fileId: string;
  page: number;
  aspect: PageAspect;
  fields: readonly DraftField[];
  selected: string | null;
  /** The field to focus once it is drawn. */
  focusKey: string | null;
  onFocused: () => void;
  signerNameOf: (signer: number | null) => string | null;
  onSelect: (key: string | null) => void;
  onAdd: (type: FieldType, box: Box, from?: DraftField) => void;
  onPlace: (key: string, box: Box) => void;
  onRemove: (key: string) => void;
}) {
  const drop = (event: DragEvent<HTMLDivElement>) => {
    const type = event.dataTransfer.getData(fieldDragType) as FieldType;
    if (!fieldTypes.includes(type)) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    const centre = {
      x: (event.clientX - rect.left) / rect.width,
      y: (event.clientY - rect.top) / rect.height,
    };
    onAdd(type, boxCentredAt(type, aspect, centre));
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is the pointer's shortcut; the palette's buttons place fields from the keyboard
    <div
      data-field-layer={`${fileId}:${page}`}
      className="absolute inset-0"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(fieldDragType)) event.preventDefault();
      }}
      onDrop={drop}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onSelect(null);
      }}
    >
      {fields.map((field) => (
        <FieldBox
          key={field.key}
          field={field}
          signerName={signerNameOf(field.signer)}
          aspect={aspect}
          selected={selected === field.key}
          focusRequested={focusKey === field.key}
          onFocused={onFocused}
          onSelect={() => onSelect(field.key)}
          onPlace={(box) => onPlace(field.key, box)}
          onRemove={() => onRemove(field.key)}
          onCopy={() => onAdd(field.type, copyPlace(field), field)}
        />
      ))}
    </div>
  );
}
