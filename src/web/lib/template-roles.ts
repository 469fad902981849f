/**
 * A template's signers are its roles: the name is the role ('Client') and the e-mail a placeholder
 * the signer list needs (unique per contract), never shown. A contract made from the template
 * starts without them and asks for the real people.
 */
export const roleEmail = (index: number) => `role-${index + 1}@template.invalid`;

/** Where the editor of a draft just made from a template finds its roles and opens 'Fill in fields'. */
export type FromTemplateState = { fromTemplate: { roles: string[]; fillFields: boolean } };

export function fromTemplateOf(state: unknown): FromTemplateState['fromTemplate'] | null {
  const value = (state as Partial<FromTemplateState> | null)?.fromTemplate;
  return value && Array.isArray(value.roles) ? value : null;
}
