import { useEffect, useMemo, useState } from 'react';
import type { SigningField } from '../../../../shared/api/signing';
import {
  compilePattern,
  patternMismatch,
  type Re2,
  refusalNameOf,
  signerValueOf,
} from '../../../../shared/fields';

/**
 * What is wrong with each value the signer gave their fields, as the server would refuse it when
 * they finish (the field catalogue's own rule and words): a date that is not one, a text off its
 * format or pattern, a picture too large. A field left empty is the walk's to ask for, not a
 * problem here. Patterns are matched by RE2, loaded once a field of the signer's has one.
 */
export function useValueProblems(
  fields: readonly SigningField[],
  values: Record<string, string>,
  /** Pictures refused as they were chosen, before they were read. */
  refusedFiles: Record<string, string>,
): Record<string, string> {
  const re2 = useRe2(fields.some((field) => field.type === 'text' && field.options.pattern));
  // Each pattern compiled once (a long one takes tens of milliseconds), not at each keystroke.
  const compiled = useMemo(() => {
    const byPattern = new Map<string, Compiled>();
    for (const { options } of fields) {
      if (re2 && options.pattern && !byPattern.has(options.pattern))
        byPattern.set(options.pattern, compilePattern(re2, options.pattern));
    }
    return byPattern;
  }, [fields, re2]);
  return useMemo(() => {
    const problems: Record<string, string> = {};
    for (const field of fields) {
      const given = values[field.id];
      const problem = refusedFiles[field.id] ?? (given ? problemOf(field, given, compiled) : null);
      if (problem) problems[field.id] = `${refusalNameOf(field, field.page)} ${problem}`;
    }
    return problems;
  }, [fields, values, refusedFiles, compiled]);
}

type Compiled = ReturnType<typeof compilePattern>;

function problemOf(field: SigningField, given: string, compiled: Map<string, Compiled>): string | null {
  const { value, problem } = signerValueOf({ ...field, required: false }, given);
  if (problem) return problem;
  const pattern = field.type === 'text' && value ? compiled.get(field.options.pattern ?? '') : undefined;
  // A pattern the server cannot check is the sender's to fix: it says so when the signer finishes.
  return pattern && typeof pattern !== 'string' && !pattern.compiled.matches(given) ? patternMismatch : null;
}

function useRe2(wanted: boolean): Re2 | null {
  const [re2, setRe2] = useState<Re2 | null>(null);
  useEffect(() => {
    if (!wanted || re2) return;
    let current = true;
    import('re2js').then(
      (module) => current && setRe2(() => module.RE2JS),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted, re2]);
  return re2;
}
