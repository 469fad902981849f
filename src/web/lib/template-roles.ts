/**
 * A template's signers are its roles: the name is the role ('Client') and the e-mail a placeholder
 * the signer list needs (unique per contract), never shown. A contract made from the template
 * starts without them and asks for the real people.
 */
export const roleEmail = (index: number) => `role-${index + 1}@template.invalid`;

import type { RecipientRole } from '../../shared/recipients';

/** What a template's role does on the route: the person added for it takes it. */
export type RoleRoute = { role: RecipientRole; signingOrder: number };

/**
 * Where the editor of a draft just made from a template finds its roles (each with what it does
 * and its order number) and opens 'Fill in fields'.
 */
export type FromTemplateState = {
  fromTemplate: { roles: string[]; fillFields: boolean; routes?: Record<string, RoleRoute> };
};

export function fromTemplateOf(state: unknown): FromTemplateState['fromTemplate'] | null {
  const value = (state as Partial<FromTemplateState> | null)?.fromTemplate;
  return value && Array.isArray(value.roles) ? value : null;
}
