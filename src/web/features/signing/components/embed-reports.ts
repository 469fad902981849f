import { useEffect, useRef } from 'react';
import type { SigningField, SigningState } from '../../../../shared/api/signing';
import { type EmbedEventType, embedEvents } from '../../../../shared/embedding/embed-events';
import { AppError } from '../../../../shared/errors';
import type { RecipientRole } from '../../../../shared/recipients';
import { embeddingOrigin, postToEmbedder } from '../../../lib/embed-messages';

/** What a recipient's act is called, by the state it leaves them in and their role. */
function outcomeOf(state: SigningState, role: RecipientRole): EmbedEventType | null {
  if (state === 'signed') return role === 'witness' ? embedEvents.witnessed : embedEvents.signed;
  if (state === 'approved') return embedEvents.approved;
  if (state === 'declined') return embedEvents.declined;
  if (state === 'rejected') return embedEvents.rejected;
  if (state === 'expired') return embedEvents.expired;
  return null;
}

const expiredCodes: readonly string[] = ['SIGNING_LINK_EXPIRED', 'SIGNING_SESSION_EXPIRED'];

/**
 * In an embed page, tells the framing window where the signing page stands: ready when the
 * recipient may act, then the outcome of their act (only after it was ready here: a page opened on
 * a finished signing says nothing of an act it did not see), an error, or that the URL expired.
 * Each is told once.
 */
export function useEmbedPageReports(
  signerId: string | undefined,
  view: { state: SigningState; role: RecipientRole } | undefined,
  error: unknown,
): void {
  const told = useRef(new Set<string>());
  const sawReady = useRef(false);
  useEffect(() => {
    if (!embeddingOrigin()) return;
    const tell = (type: EmbedEventType, data: Record<string, string> = {}) => {
      const key = `${type}:${JSON.stringify(data)}`;
      if (told.current.has(key)) return;
      told.current.add(key);
      postToEmbedder(type, data, signerId);
    };
    if (error) {
      if (error instanceof AppError && expiredCodes.includes(error.code)) tell(embedEvents.expired);
      else tell(embedEvents.error, errorData(error));
      return;
    }
    if (!view) return;
    if (view.state === 'ready') {
      sawReady.current = true;
      tell(embedEvents.ready, { role: view.role });
      return;
    }
    const outcome = outcomeOf(view.state, view.role);
    if (outcome && (sawReady.current || outcome === embedEvents.expired)) tell(outcome);
  }, [signerId, view, error]);
}

/**
 * In an embed page, tells the framing window of each field the recipient filled, once each, and
 * of a signature (or approval) the server refused.
 */
export function useEmbedFieldReports(
  signerId: string,
  filled: readonly SigningField[],
  refused: unknown,
): void {
  const told = useRef(new Set<string>());
  useEffect(() => {
    if (!embeddingOrigin()) return;
    for (const field of filled) {
      if (told.current.has(field.id)) continue;
      told.current.add(field.id);
      postToEmbedder(embedEvents.fieldFilled, { field: field.id, label: field.label }, signerId);
    }
  }, [signerId, filled]);
  useEffect(() => {
    if (refused && embeddingOrigin()) postToEmbedder(embedEvents.error, errorData(refused), signerId);
  }, [signerId, refused]);
}

function errorData(error: unknown): Record<string, string> {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  return { code: 'NETWORK', message: error instanceof Error ? error.message : 'The request failed' };
}
