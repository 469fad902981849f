import type { MailKind } from '../../shared/enums';
import { type AnyMailDefinition, type MailFacts, mailKinds } from './kinds';
import type { MailContent } from './mail-layout';

export { withheldLinkNote } from './mail-layout';

/**
 * Composes a message of any kind from its facts, as delivering does once the kind's facts step
 * has read them (fields the kind does not word are ignored).
 */
export function composeMail<K extends MailKind>(
  facts: { kind: K } & MailFacts<K> & Record<string, unknown>,
): MailContent {
  const definition: AnyMailDefinition = mailKinds[facts.kind];
  return definition.compose(facts);
}
