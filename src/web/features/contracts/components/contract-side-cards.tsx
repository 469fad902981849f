import type { Editor } from '@tiptap/core';
import type { Contract } from '../../../../shared/api/contracts';
import { ApprovalsCard } from '../../approvals/public/approvals-card';
import { CommentsPanel } from '../../comments/public/comments-panel';
import { PublicLinksCard } from '../../public-links/public/public-links-card';
import { ReviewCard } from '../../reviews/public/review-card';
import { KeyTermsCard } from '../../terms/public/key-terms-card';
import { VersionsCard } from '../../versions/public/versions-card';
import { DetailsCard } from './details-card';
import { DocumentsCard } from './documents-card';
import { RolesCard } from './roles-card';
import { SignersCard } from './signers-card';
import { SigningStatusCard } from './signing-status-card';
import type { ContractFields } from './use-contract-fields';

/**
 * The editor's right column: details, key terms, then signers (a template's roles; once sent, its signing
 * status and documents), a template's public links, comments, approvals, review by the other side
 * and versions.
 */
export function ContractSideCards({
  contract,
  template,
  editable,
  editor,
  fields,
  projectLock,
  shownRevision,
  onReload,
  listProblem,
}: {
  contract: Contract | undefined;
  template: boolean;
  editable: boolean;
  editor: Editor | null;
  fields: ContractFields;
  projectLock: string | null | undefined;
  shownRevision: () => number | undefined;
  onReload: () => Promise<void>;
  /** The server refused the save or the send at one recipient's input. */
  listProblem?: { index: number; key: string; message: string } | null;
}) {
  const { change, dirty, signers, setSigners } = fields;
  return (
    <div className="space-y-4">
      <DetailsCard
        template={template}
        updatedAt={contract?.updatedAt ?? null}
        status={contract?.status ?? 'draft'}
        createdAt={contract?.createdAt ?? null}
        expiresOn={fields.expiresOn}
        projectId={fields.projectId}
        projects={fields.projects}
        editable={editable}
        projectLock={projectLock}
        onExpiresOnChange={change(fields.setExpiresOn)}
        onProjectChange={change(fields.setProjectId)}
      />
      {contract && <KeyTermsCard contract={contract} />}
      {template ? (
        <RolesCard roles={signers} onChange={change(setSigners)} />
      ) : contract && !editable ? (
        <>
          <SigningStatusCard contract={contract} />
          <DocumentsCard contract={contract} />
        </>
      ) : (
        <SignersCard
          signers={signers}
          editable={editable}
          onChange={change(setSigners)}
          sequential={fields.sequential}
          onSequentialChange={fields.setSequential}
          serverProblem={listProblem}
        />
      )}
      {contract && template && <PublicLinksCard template={contract} />}
      {contract && !template && (
        <CommentsPanel editor={editor} contractId={contract.id} revision={contract.revision} />
      )}
      {contract && !template && (
        <ApprovalsCard
          contractId={contract.id}
          dirty={dirty}
          shownRevision={shownRevision}
          // The draft changed while it was read: show what it is now (unless the approver is
          // typing in it, which a reload would lose; their next save then meets the change).
          onTextChanged={() => {
            if (!dirty) void onReload();
          }}
        />
      )}
      {contract && !template && editable && (
        <ReviewCard contractId={contract.id} revision={contract.revision} canSend={!dirty} />
      )}
      {contract && <VersionsCard contractId={contract.id} />}
    </div>
  );
}
