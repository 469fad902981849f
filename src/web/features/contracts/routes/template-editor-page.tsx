import { ContractEditorPage } from './contract-editor-page';

/** /templates/new and /templates/{id}: the contract editor in template mode. */
export function TemplateEditorPage() {
  return <ContractEditorPage mode="template" />;
}
