import { useId, useRef, useState } from 'react';

export type Mentionable = { id: string; name: string };

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** The people picked with "@" so far (kept only while their "@name" is still in the text). */
  mentions: Mentionable[];
  onMentionsChange: (mentions: Mentionable[]) => void;
  people: Mentionable[];
  label: string;
  placeholder: string;
  maxLength: number;
  rows?: number;
  autoFocus?: boolean;
  onSubmit?: () => void;
};

/** The "@name" being typed just before the caret, if any. */
function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Keeps the mentions whose "@name" is still in the text. */
export function mentionsIn(text: string, mentions: readonly Mentionable[]): Mentionable[] {
  return mentions.filter((mention) => text.includes(`@${mention.name}`));
}

/**
 * A comment box where "@" offers the organization's members: picking one writes "@Name" and
 * remembers who it is, so the server is told exactly whom to notify.
 */
export function MentionTextarea({
  value,
  onChange,
  mentions,
  onMentionsChange,
  people,
  label,
  placeholder,
  maxLength,
  rows = 3,
  autoFocus = false,
  onSubmit,
}: Props) {
  const listId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [highlighted, setHighlighted] = useState(0);
  const lowered = query?.query.toLowerCase() ?? '';
  const options = query
    ? people
        .filter(
          (person) =>
            person.name
              .toLowerCase()
              .split(/\s+/)
              .some((part) => part.startsWith(lowered)) || person.name.toLowerCase().startsWith(lowered),
        )
        .slice(0, 6)
    : [];
  const open = options.length > 0;

  const pick = (person: Mentionable) => {
    if (!query) return;
    const caret = query.start + 1 + query.query.length;
    const next = `${value.slice(0, query.start)}@${person.name} ${value.slice(caret)}`;
    onChange(next);
    onMentionsChange([...mentions.filter((mention) => mention.id !== person.id), person]);
    setQuery(null);
    const at = query.start + person.name.length + 2;
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(at, at);
    });
  };

  return (
    <div className="relative">
      <label className="sr-only" htmlFor={`${listId}-input`}>
        {label}
      </label>
      <textarea
        ref={area}
        id={`${listId}-input`}
        value={value}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        // biome-ignore lint/a11y/noAutofocus: the box opens because the person asked to write in it
        autoFocus={autoFocus}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${highlighted}` : undefined}
        onChange={(event) => {
          const text = event.target.value;
          onChange(text);
          onMentionsChange(mentionsIn(text, mentions));
          setQuery(mentionQuery(text, event.target.selectionStart));
          setHighlighted(0);
        }}
        onKeyDown={(event) => {
          if (open) {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              const step = event.key === 'ArrowDown' ? 1 : -1;
              setHighlighted((current) => (current + step + options.length) % options.length);
              return;
            }
            if (event.key === 'Enter' || event.key === 'Tab') {
              const person = options[highlighted];
              if (person) {
                event.preventDefault();
                pick(person);
              }
              return;
            }
            if (event.key === 'Escape') {
              event.preventDefault();
              setQuery(null);
              return;
            }
          }
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey) && onSubmit) {
            event.preventDefault();
            onSubmit();
          }
        }}
        onBlur={() => setTimeout(() => setQuery(null), 150)}
        className="block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600"
      />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Team members"
          className="absolute left-0 right-0 z-20 mt-1 max-h-56 overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200"
        >
          {options.map((person, index) => (
            <div
              key={person.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === highlighted}
              tabIndex={-1}
              className={`cursor-pointer px-3 py-2 ${index === highlighted ? 'bg-indigo-50 text-indigo-900' : 'text-slate-700'}`}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(person);
              }}
            >
              {person.name}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
