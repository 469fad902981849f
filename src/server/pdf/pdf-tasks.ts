import { TaskRefusal } from '../workers/task-refusal';
import { DecodeBudgetExceeded, withinDecodeBudget } from './decode-budget';
import { type FinalInput, finalizeContract } from './finalize-contract';
import { type FreezeInput, freezeContract } from './freeze-contract';
import { readCertificate } from './read-certificate';
import { type RedlinePdfInput, renderRedlinePdf } from './render-redline-pdf';
import { sha256Of } from './rendered-pdf';
import { inspectSeal, type SealInspection } from './verify-pdf';
import { warmUp } from './warm-up';

/** The SHA-256 of a PDF someone wants verified, and what its seal says: linear work, but up to 25 MB of it. */
export async function inspectDocument(pdf: Uint8Array): Promise<{ sha256: string; seal: SealInspection }> {
  return { sha256: sha256Of(pdf), seal: inspectSeal(pdf) };
}

/** Two versions compared, as a PDF to download (nothing is stored). */
export async function renderRedline(input: RedlinePdfInput): Promise<Uint8Array> {
  return renderRedlinePdf(input);
}

/**
 * A task that parses users' PDFs, within one decode budget (decode-budget.ts): an upload that
 * expands past it (one stored before uploads were held to it) fails its own send or seal at once,
 * with the reason, instead of holding this thread, which every organization shares.
 */
async function withinBudget<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await withinDecodeBudget(work);
  } catch (error) {
    if (!(error instanceof DecodeBudgetExceeded)) throw error;
    throw new TaskRefusal(
      `${error.message} Remove that PDF from the contract, or print it to a new PDF and upload that instead.`,
    );
  }
}

export const pdfTasks = {
  freezeContract: (input: FreezeInput) => withinBudget(() => freezeContract(input)),
  finalizeContract: (input: FinalInput) => withinBudget(() => finalizeContract(input)),
  readCertificate,
  inspectDocument,
  renderRedline,
  warmUp,
};
export type PdfTasks = typeof pdfTasks;
