// The contract editor, for the pages of other features that edit a document (the reviewer's
// suggestions): the same extensions, toolbar and paste handling.
export { ContractBodyEditor } from '../components/contract-body-editor';
