import { renderToBuffer } from '@react-pdf/renderer';
import type { EditorDocument } from '../../shared/api/editor-document';
import { ContractDocument } from './contract-document';

export type ContractPdfInput = {
  title: string;
  content: EditorDocument;
  organizationName: string;
  reference: string;
  sentAt: Date;
};

/**
 * The contract as a PDF. Every date in it comes from `sentAt` and nothing else varies, so the same
 * input gives the same bytes and the same hash.
 */
export async function renderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  return renderToBuffer(<ContractDocument {...input} />);
}
