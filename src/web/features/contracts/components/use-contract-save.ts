import type { Editor } from '@tiptap/core';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { listOfNames } from '../../../../editor/merge-field-values';
import type { Contract } from '../../../../shared/api/contracts';
import type { EditorDocument } from '../../../../shared/api/editor-document';
import { AppError } from '../../../../shared/errors';
import { isRolePlaceholder, rolePlaceholderEmail } from '../../../../shared/recipients';
import { api } from '../../../lib/api';
import { randomId } from '../../../lib/random-id';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useCreateContract, useSendContract, useUpdateContract } from '../api/contracts';
import { accessCodeProblem } from './signer-checks';
import { type ContractFields, fromDateInput } from './use-contract-fields';

/**
 * Saving and sending what the editor form shows: the first save creates the contract under the id
 * chosen when the page opened, later ones update it on the revision the form was made from (a save
 * on an older one is refused), and sending saves first.
 */
export function useContractSave({
  contract,
  newId,
  template,
  fields,
  editorRef,
  setNotice,
  onEmptyField,
}: {
  contract: Contract | undefined;
  newId: string;
  template: boolean;
  fields: ContractFields;
  editorRef: RefObject<Editor | null>;
  setNotice: (notice: string | null) => void;
  /** Sending was refused for an empty merge field. */
  onEmptyField: () => void;
}) {
  const navigate = useNavigate();
  const { title, signers, setSigners, expiresOn, projectId, sequential } = fields;
  // This open editor's session: its saves update one version rather than each making a new one.
  const [editSession] = useState(() => randomId());
  // The stored revision this form's changes are made on: a save on an older one is refused.
  const revision = useRef(contract?.revision);
  const mounted = useRef(true);
  const leavingAfterSave = useRef(false);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  useLeaveGuard(fields.dirty, leavingAfterSave);
  const create = useCreateContract();
  const update = useUpdateContract();
  const send = useSendContract();

  /** Saves what is on screen; resolves to the saved contract. */
  const save = async (): Promise<Contract> => {
    const savingVersion = fields.editCount();
    const codeProblem = template ? undefined : signers.find((signer) => accessCodeProblem(signer));
    if (codeProblem) {
      setNotice(
        `${accessCodeProblem(codeProblem)} for ${codeProblem.name}, or untick "Require access code".`,
      );
      throw new Error('An access code is too short');
    }
    const body = {
      title: title.trim(),
      content: editorRef.current?.getJSON() as EditorDocument | undefined,
      // A template's role without a person of its own is stored with a placeholder e-mail (unique,
      // never shown); a role with a real address is that person on every contract.
      signers: signers.map((signer, index) => ({
        id: signer.id,
        name: signer.name,
        role: signer.role ?? 'signer',
        ...(signer.signingOrder ? { signingOrder: signer.signingOrder } : {}),
        witnessOf: signer.witnessOf ?? null,
        namedBy: signer.namedBy ?? null,
        // One left to be named has no address until they are.
        email: signer.namedBy
          ? null
          : template && (!signer.email || isRolePlaceholder(signer.email))
            ? rolePlaceholderEmail(index + 1)
            : signer.email,
        // An access code goes to the server only when it changed: left out, the stored one stays.
        ...(template ? {} : { requireEmailCode: signer.requireEmailCode ?? false }),
        ...(template || signer.accessCode === undefined ? {} : { accessCode: signer.accessCode }),
      })),
      ...(template ? {} : { expiresAt: fromDateInput(expiresOn), ...(projectId ? { projectId } : {}) }),
    };
    const id = contract?.id ?? (revision.current === undefined ? null : newId);
    const saved = id
      ? await update.mutateAsync({ id, ...body, editSession, baseRevision: revision.current })
      : await create.mutateAsync({ id: newId, ...body, isTemplate: template, editSession });
    revision.current = saved.revision;
    fields.markSaved(savingVersion);
    // The codes just sent are stored now: shown as set from here on, and not sent again.
    const stored = new Map(saved.signers.map((signer) => [signer.id, signer]));
    const sent = new Map(body.signers.map((signer) => [signer.id, signer.accessCode]));
    setSigners((current) =>
      current.map((signer) => {
        const kept = stored.get(signer.id);
        return signer.accessCode !== undefined && sent.get(signer.id) === signer.accessCode && kept
          ? {
              ...signer,
              accessCode: undefined,
              accessCodeSet: kept.accessCodeRequired,
              accessCodeToSet: kept.accessCodeToSet,
            }
          : signer;
      }),
    );
    return saved;
  };

  /** After the first save the address becomes the contract's, unless the user has left the page. */
  const showSaved = (id: string) => {
    if (contract || !mounted.current) return;
    leavingAfterSave.current = true;
    navigate(`/${template ? 'templates' : 'contracts'}/${id}`, { replace: true });
    leavingAfterSave.current = false;
  };

  /** After a refused save: what is on screen is saved over the stored revision (which stays a version). */
  const keepMine = async () => {
    if (!contract) return;
    const stored = await api.contracts.get({ params: { id: contract.id } }).catch(() => null);
    if (!stored) return;
    revision.current = stored.revision;
    update.reset();
    await save().catch(() => null);
  };

  const onSave = async () => {
    send.reset();
    setNotice(null);
    const saved = await save().catch(() => null);
    if (saved) showSaved(saved.id);
  };

  const onSend = async () => {
    // A role from the template still without its person: sending waits for them.
    const pendingRoles = signers.filter((signer) => isRolePlaceholder(signer.email)).map((role) => role.name);
    if (pendingRoles.length > 0) {
      const them = pendingRoles.length === 1 ? 'that role' : 'those roles';
      setNotice(`Add the ${listOfNames(pendingRoles)} before sending, or skip ${them}.`);
      return;
    }
    setNotice(null);
    const saved = await save().catch(() => null);
    if (!saved) return;
    await send
      .mutateAsync({ id: saved.id, sequential: sequential && signers.length > 1 })
      .catch((failure) => {
        // An empty merge field: the panel to fill it in opens.
        if (failure instanceof AppError && failure.field === 'content') onEmptyField();
      });
    showSaved(saved.id);
  };

  const error = create.error ?? update.error ?? send.error;
  return {
    onSave,
    onSend,
    keepMine,
    /** The revision the form's changes are made on. */
    shownRevision: () => revision.current,
    /** The form's own change made outside a save (a PDF added or moved): its changes are now made on it. */
    adoptRevision: (next: number) => {
      revision.current = next;
    },
    busy: create.isPending || update.isPending || send.isPending,
    saving: create.isPending || update.isPending,
    sending: send.isPending,
    error,
    /** Whether the error shown is the send's (the contract itself was saved). */
    sendFailed: error !== null && error === send.error,
    conflict:
      update.error instanceof AppError && update.error.code === 'CONTRACT_CHANGED' ? update.error : null,
  };
}
