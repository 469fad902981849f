import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { createContract } from '../contracts/create-contract';

/**
 * Starts a draft from a template, in the chosen project. Retrying with the same id returns the
 * draft made the first time.
 */
export async function createFromTemplate(
  ctx: ServiceContext<'content'>,
  templateId: string,
  input: { id?: string; projectId?: string },
): Promise<{ id: string; created: boolean }> {
  const { db, actor } = ctx;
  const template = await findOwnContract(db, actor, templateId, { kind: 'template' });
  return createContract(
    ctx,
    {
      id: input.id,
      title: template.title,
      content: template.content,
      projectId: input.projectId,
      isTemplate: false,
      signers: [],
    },
    { from: 'template', id: template.id, title: template.title },
  );
}
