/**
 * Where the editor of a draft just made from a template learns to open 'Fill in fields'. The
 * template's roles come as the draft's recipients (a role without its person holds a placeholder
 * address: shared/recipients/template-roles.ts), so they survive a reload on their own.
 */
export type FromTemplateState = { fromTemplate: { fillFields: boolean } };

export function fromTemplateOf(state: unknown): FromTemplateState['fromTemplate'] | null {
  const value = (state as Partial<FromTemplateState> | null)?.fromTemplate;
  return value && typeof value.fillFields === 'boolean' ? value : null;
}
