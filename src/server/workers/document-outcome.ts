import { AppError } from '../../shared/errors';

/** What a thread answers of an untrusted document: its reading, or why it refused it (as a value). */
export type DocumentOutcome<T, K extends string> =
  | ({ ok: true } & T)
  | { ok: false; kind: K; message: string };

/**
 * An untrusted document read in an engine's thread, as its caller answers: what was read, or the
 * refusal as an AppError: too large 413, not of the kind asked for (`wrongKind`) 415, anything
 * else 400. A thread that ran out of memory or time on the file (no real document does) is told
 * with `tooComplex`, a 413.
 */
export async function readDocument<T, K extends string>(
  reading: () => Promise<DocumentOutcome<T, K>>,
  wrongKind: K,
  tooComplex: string,
): Promise<T> {
  let outcome: DocumentOutcome<T, K>;
  try {
    outcome = await reading();
  } catch {
    throw new AppError('PAYLOAD_TOO_LARGE', tooComplex);
  }
  if (!outcome.ok) {
    const code =
      outcome.kind === 'tooLarge'
        ? 'PAYLOAD_TOO_LARGE'
        : outcome.kind === wrongKind
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : 'INVALID_INPUT';
    throw new AppError(code, outcome.message);
  }
  const { ok: _ok, ...read } = outcome;
  return read as T;
}
