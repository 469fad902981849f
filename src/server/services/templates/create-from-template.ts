import {
  mergeFieldsOf,
  titleWithMergeValues,
  unfilledMergeFields,
  withMergeValues,
} from '../../../editor/merge-field-values';
import { renumberTextFields } from '../../../editor/signing-field-values';
import { maxTitleLength } from '../../../shared/api/contracts';
import type { CreateFromTemplateInput } from '../../../shared/api/templates';
import { AppError } from '../../../shared/errors';
import { prefillProblem } from '../../../shared/fields';
import { recipientListProblems } from '../../../shared/recipients';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { findOwnContract } from '../../policies/scope';
import { placedFieldRows } from '../contract-files/placed-field-rows';
import { copyRecipients } from '../contracts/copy-recipients';
import { createContract } from '../contracts/create-contract';

/**
 * Starts a draft from a template, in the chosen project, with the template's roles as its
 * recipients: each keeps its kind, order number, the signer a witness witnesses and who names one
 * left to be named. `people` gives roles their person by number; a role not given one keeps its
 * placeholder address (shared/recipients/template-roles.ts) and the draft is not sent until the
 * sender adds them. `values` fill the template's merge fields by key, in the text and in the title
 * (where it names a field as [Label]). Retrying with the same id returns the draft made the first time.
 */
export async function createFromTemplate(
  ctx: ServiceContext<'content'>,
  templateId: string,
  input: Partial<CreateFromTemplateInput>,
): Promise<{ id: string; created: boolean }> {
  const { db, actor } = ctx;
  const template = await findOwnContract(db, actor, templateId, { kind: 'template' });
  const { list, numberOf } = await copyRecipients(db, template.id);
  // A role that asks for an e-mailed code asks it on every contract (there is no secret in it, as a
  // duplicate keeps it too); an access code is a secret the sender sets for each contract.
  const recipients = list.map((entry) => ({ ...entry, accessCodeToSet: false }));
  for (const [index, person] of (input.people ?? []).entries()) {
    const entry = recipients[person.number - 1];
    if (!entry) {
      throw new AppError(
        'INVALID_INPUT',
        `The template has no role ${person.number}: it has ${recipients.length}`,
        `people.${index}.number`,
      );
    }
    // The sender knows the person now: one the template left to be named is named by the sender.
    recipients[person.number - 1] = {
      ...entry,
      name: person.name,
      email: person.email,
      namedBy: null,
      ...(person.embedded === undefined ? {} : { embedded: person.embedded }),
    };
  }
  const [problem] = recipientListProblems(recipients);
  if (problem) {
    const [at, key] = problem.path;
    throw new AppError('INVALID_INPUT', `Role ${Number(at) + 1}: ${problem.message}`, `signers.${at}.${key}`);
  }
  const values = new Map(Object.entries(input.values ?? {}));
  const keys = new Set(mergeFieldsOf(template.content).map((field) => field.key));
  const unknown = [...values.keys()].find((key) => !keys.has(key));
  if (unknown !== undefined) {
    throw new AppError('INVALID_INPUT', `The template has no merge field "${unknown}"`, `values.${unknown}`);
  }
  await checkPrefills(db, template.id, input.prefill ?? {});
  const content = values.size === 0 ? template.content : withMergeValues(template.content, values);
  const title =
    values.size === 0
      ? template.title
      : titleWithMergeValues(template.title, unfilledMergeFields(template.content), values);
  if (title.length > maxTitleLength) {
    throw new AppError(
      'INVALID_INPUT',
      `With these values the title would be ${title.length} characters long; a title may be at most ${maxTitleLength}`,
      'values',
    );
  }
  return createContract(
    ctx,
    {
      id: input.id,
      title,
      content: renumberTextFields(content, numberOf),
      projectId: input.projectId,
      isTemplate: false,
      signers: recipients,
    },
    { from: 'template', id: template.id, title: template.title },
    { numberOf, prefill: new Map(Object.entries(input.prefill ?? {})) },
  );
}

/** Refuses a prefill for a field the template does not have, or one its field does not take. */
async function checkPrefills(
  db: Database,
  templateId: string,
  prefill: Record<string, string>,
): Promise<void> {
  const given = Object.entries(prefill);
  if (given.length === 0) return;
  const fields = new Map((await placedFieldRows(db, templateId)).map((field) => [field.id, field]));
  for (const [id, value] of given) {
    const field = fields.get(id);
    if (!field)
      throw new AppError('INVALID_INPUT', `The template has no field ${id} to prefill`, `prefill.${id}`);
    const problem = prefillProblem(field.type, value, field.options);
    if (problem) {
      throw new AppError('INVALID_INPUT', `${field.label || 'The field'}: ${problem}`, `prefill.${id}`);
    }
  }
}
