import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Contract } from '../../../../shared/api/contracts';
import type { ProjectSummary } from '../../../../shared/api/projects';
import { useProjects } from '../../projects/api/projects';
import type { DraftSigner } from './draft-signer';

function toDateInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A picked day expires at the end of that day, in the sender's time zone. */
export function fromDateInput(value: string): string | null {
  return value ? new Date(`${value}T23:59:59.999`).toISOString() : null;
}

/**
 * What the editor form holds beside the document: title, signers (or roles), order, expiry and
 * project, copied once from the stored contract, and whether anything changed since the last save.
 */
export function useContractFields(contract: Contract | undefined, defaults: { sequential?: boolean } = {}) {
  const [params] = useSearchParams();
  const projects = useProjects();
  const [title, setTitle] = useState(contract?.title ?? '');
  const [signers, setSigners] = useState<DraftSigner[]>(
    contract?.signers.map((signer) => ({
      id: signer.id,
      name: signer.name,
      email: signer.email ?? '',
      role: signer.role,
      signingOrder: signer.signingOrder,
      witnessOf: signer.witnessOf,
      namedBy: signer.namedBy,
      accessCodeSet: signer.accessCodeRequired,
      accessCodeToSet: signer.accessCodeToSet,
      requireEmailCode: signer.emailCodeRequired,
    })) ?? [],
  );
  const [sequential, setSequential] = useState(contract?.sequential || (defaults.sequential ?? false));
  const [expiresOn, setExpiresOn] = useState(toDateInput(contract?.expiresAt ?? null));
  const [projectId, setProjectId] = useState(contract?.projectId ?? params.get('projectId') ?? '');
  const [dirty, setDirty] = useState(false);
  // Counts edits, so a save only marks the form clean if nothing was typed while it ran.
  const version = useRef(0);

  // Preselect what the server would choose: the organization's first (oldest) project.
  useEffect(() => {
    const first = projects.data?.reduce<ProjectSummary | undefined>(
      (oldest, project) => (!oldest || project.createdAt < oldest.createdAt ? project : oldest),
      undefined,
    );
    if (!projectId && first) setProjectId(first.id);
  }, [projectId, projects.data]);

  const markDirty = useCallback(() => {
    version.current += 1;
    setDirty(true);
  }, []);

  /** A setter that also marks the form changed. */
  const change =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      markDirty();
    };

  return {
    projects: projects.data ?? [],
    title,
    setTitle,
    signers,
    setSigners,
    sequential,
    setSequential,
    expiresOn,
    setExpiresOn,
    projectId,
    setProjectId,
    dirty,
    markDirty,
    change,
    /** A mark to take before saving: the form is clean after the save only if nothing changed since. */
    editCount: () => version.current,
    markSaved: (editCount: number) => {
      if (version.current === editCount) setDirty(false);
    },
  };
}

export type ContractFields = ReturnType<typeof useContractFields>;
