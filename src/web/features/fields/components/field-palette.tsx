import {
  Building2,
  Calendar,
  CalendarCheck,
  CheckSquare,
  ChevronDownSquare,
  CircleDot,
  Image,
  type LucideIcon,
  Mail,
  PenLine,
  Signature,
  Type,
  User,
  UserSquare,
} from 'lucide-react';
import type { FieldType } from '../../../../shared/fields';
import { fieldTypeNames } from '../../../lib/field-types';
import { fieldDragType } from './field-layer';

const icons: Record<FieldType, LucideIcon> = {
  signature: Signature,
  initials: PenLine,
  name: User,
  email: Mail,
  company: Building2,
  title: UserSquare,
  dateSigned: CalendarCheck,
  text: Type,
  date: Calendar,
  checkbox: CheckSquare,
  radio: CircleDot,
  dropdown: ChevronDownSquare,
  image: Image,
};

const groups: { heading: string; types: FieldType[] }[] = [
  { heading: 'Signing', types: ['signature', 'initials', 'dateSigned'] },
  { heading: 'About the signer', types: ['name', 'email', 'company', 'title'] },
  { heading: 'To fill in', types: ['text', 'date', 'checkbox', 'radio', 'dropdown', 'image'] },
];

/**
 * The field types to place: dragged onto a page, a field lands where it is dropped; clicked (or
 * chosen from the keyboard), it lands in the middle of the page in view, selected to be moved.
 */
export function FieldPalette({ onPick }: { onPick: (type: FieldType) => void }) {
  return (
    <nav aria-label="Fields to place" className="space-y-3">
      {groups.map((group) => (
        <div key={group.heading}>
          <h2 className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {group.heading}
          </h2>
          <ul className="mt-1 flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
            {group.types.map((type) => {
              const Icon = icons[type];
              return (
                <li key={type} className="shrink-0">
                  <button
                    type="button"
                    draggable
                    onDragStart={(event) => {
                      event.dataTransfer.setData(fieldDragType, type);
                      event.dataTransfer.effectAllowed = 'copy';
                    }}
                    onClick={() => onPick(type)}
                    aria-label={`Place a ${fieldTypeNames[type].toLowerCase()} field`}
                    className="flex min-h-10 w-full cursor-grab items-center gap-2 rounded-md bg-white px-3 text-sm text-slate-800 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50 hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <Icon aria-hidden="true" className="size-4 text-slate-500" />
                    {fieldTypeNames[type]}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
