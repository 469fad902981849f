import { AppError } from '../../shared/errors';

/** What a thread answers of an untrusted document: its reading, or why it refused it (as a value). */
export type DocumentOutcome<T, K extends string> =
  | ({ ok: true } & T)
  | { ok: false; kind: K; message: string };

/**
 * Why a document is not read, thrown inside a thread's task by the reader of one kind of file and
 * turned into its refusal outcome at the task's edge: `kind` says which, the message is shown to
 * the user as it is.
 */
export class DocumentRefusal<K extends string> extends Error {
  constructor(
    readonly kind: K,
    message: string,
  ) {
    super(message);
  }
}

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
