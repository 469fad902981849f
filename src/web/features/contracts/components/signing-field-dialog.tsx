import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  type SigningFieldAttrs,
  signingFieldProblem,
  type TextFieldOptions,
} from '../../../../editor/signing-field-values';
import {
  compilePattern,
  type FieldType,
  fieldKinds,
  fieldLimits,
  fieldTypes,
  fieldTypesWithChoices,
  patternLimits,
} from '../../../../shared/fields';
import { formatCount } from '../../../../shared/limits';
import { TextFieldOptionsInputs, withOptions } from '../../../components/text-field-options';
import { Button } from '../../../components/ui/button';
import { fieldTypeNames } from '../../../lib/field-types';

/**
 * Fields that fill themselves from the signer and the signing: there is nothing to leave empty.
 * Initials keep their Required box: a signer without initials adopts them as they sign.
 */
const leftRequired = (type: FieldType) => fieldKinds[type].filledBy === 'itself' && type !== 'initials';

const labelClass = 'block text-sm font-medium text-slate-700';
const inputClass =
  'mt-1 block w-full rounded-md border-0 px-3 py-2 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-indigo-600 sm:text-sm';

const patternRefused =
  'This pattern cannot be used: patterns are RE2 regular expressions, without look-arounds or back-references.';
const patternTooLarge = `This pattern is too complex to check quickly (more than ${formatCount(patternLimits.instructions)} steps once compiled): write it with fewer or smaller repetitions.`;

/**
 * Why a pattern will be refused, told as it is typed: RE2 compiles it here as on the server, and
 * its program is held to the server's bound (`patternLimits`), loaded only once a pattern is asked
 * for. null while it loads, or when the pattern is fine.
 */
function usePatternProblem(pattern: string | null): string | null {
  const [re2, setRe2] = useState<typeof import('re2js') | null>(null);
  useEffect(() => {
    if (pattern === null || re2) return;
    let current = true;
    import('re2js').then(
      (module) => current && setRe2(() => module),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [pattern, re2]);
  if (pattern === null || !re2) return null;
  const problem = compilePattern(re2.RE2JS, pattern);
  return problem === 'size' ? patternTooLarge : problem === 'syntax' ? patternRefused : null;
}

/**
 * 'Signing field…': a field a signer fills where it is written (their signature under "Signed for
 * Acme", the date beside it), for one of the contract's signers or the template's roles, by
 * signing order. The server checks it again (signing-field-values.ts) when the text is saved.
 */
export function SigningFieldDialog({
  open,
  onOpenChange,
  parties,
  onInsert,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who signs, in signing order: the signers' names, or a template's roles. */
  parties: readonly string[];
  onInsert: (attrs: SigningFieldAttrs) => void;
  onClosed: () => void;
}) {
  const id = useId();
  const [type, setType] = useState<FieldType>('signature');
  const [signer, setSigner] = useState(1);
  const [label, setLabel] = useState('');
  const [required, setRequired] = useState(true);
  const [choices, setChoices] = useState('');
  const [textOptions, setTextOptions] = useState<TextFieldOptions>({});
  const withChoices = fieldTypesWithChoices.includes(type);
  const fillsItself = leftRequired(type);
  const attrs: SigningFieldAttrs = {
    type,
    signer: Math.max(1, Math.min(signer, parties.length)),
    label: label.trim(),
    required: fillsItself || required,
    choices: withChoices
      ? choices
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
      : null,
    options: type === 'text' && Object.keys(textOptions).length > 0 ? textOptions : null,
  };
  const patternTrouble = usePatternProblem(type === 'text' ? (textOptions.pattern ?? null) : null);
  // A pattern format without its pattern is signingFieldProblem's to refuse.
  const problem = parties.length === 0 ? null : (signingFieldProblem(attrs) ?? patternTrouble);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parties.length === 0 || problem) return;
    onInsert(attrs);
    setLabel('');
    setChoices('');
    setTextOptions((options) => withOptions(options, { pattern: undefined }));
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">Insert a signing field</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            A place in the text where a signer signs or fills in a value. The PDF shows it here, and the
            signer fills it here.
          </Dialog.Description>
          {parties.length === 0 ? (
            <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
              Add a signer first: each field is for one of them.
            </p>
          ) : (
            <form className="mt-4 space-y-4" onSubmit={submit}>
              <div>
                <label htmlFor={`${id}-type`} className={labelClass}>
                  Field
                </label>
                <select
                  id={`${id}-type`}
                  value={type}
                  onChange={(event) => setType(event.target.value as FieldType)}
                  className={inputClass}
                >
                  {fieldTypes.map((option) => (
                    <option key={option} value={option}>
                      {fieldTypeNames[option]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-signer`} className={labelClass}>
                  For
                </label>
                <select
                  id={`${id}-signer`}
                  value={attrs.signer}
                  onChange={(event) => setSigner(Number(event.target.value))}
                  className={inputClass}
                >
                  {parties.map((name, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the signing order is the option's identity
                    <option key={index} value={index + 1}>
                      {index + 1}. {name || `Signer ${index + 1}`}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-label`} className={labelClass}>
                  Label <span className="font-normal text-slate-500">(optional)</span>
                </label>
                <input
                  id={`${id}-label`}
                  value={label}
                  dir="auto"
                  maxLength={fieldLimits.label}
                  placeholder={fieldTypeNames[type]}
                  onChange={(event) => setLabel(event.target.value)}
                  className={inputClass}
                />
              </div>
              {withChoices && (
                <div>
                  <label htmlFor={`${id}-choices`} className={labelClass}>
                    Choices
                  </label>
                  <p id={`${id}-choices-hint`} className="text-xs text-slate-500">
                    One per line, {fieldLimits.leastChoices} to {fieldLimits.mostChoices}
                  </p>
                  <textarea
                    id={`${id}-choices`}
                    rows={4}
                    dir="auto"
                    value={choices}
                    aria-describedby={`${id}-choices-hint`}
                    onChange={(event) => setChoices(event.target.value)}
                    className={inputClass}
                  />
                </div>
              )}
              {type === 'text' && (
                <TextFieldOptionsInputs
                  idOf={(part) => `${id}-${part}`}
                  options={textOptions}
                  onChange={(patch) => setTextOptions((options) => withOptions(options, patch))}
                  inputClass={inputClass}
                  labelClass={labelClass}
                  patternInvalid={patternTrouble !== null}
                />
              )}
              {!fillsItself && (
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    checked={required}
                    onChange={(event) => setRequired(event.target.checked)}
                    className="size-4 accent-indigo-600"
                  />
                  Required
                </label>
              )}
              {problem && ((withChoices && choices.trim() !== '') || patternTrouble) && (
                <p className="text-sm text-red-700" role="alert">
                  {problem}
                </p>
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
                <Button type="submit" disabled={problem !== null}>
                  Insert
                </Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
