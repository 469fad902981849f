/**
 * A template's recipients are its roles ('Client'): each keeps what it does on the route (its role,
 * order number, the signer a witness witnesses, who names one left to be named). A role whose
 * person is added to each contract made from the template holds a placeholder address (unique in
 * the list, never mailed); a role with a real address is the same person on every contract (legal
 * in CC). A contract made from the template keeps the placeholders until the sender (or the API's
 * `people`) gives each role its person, and is not sent while one is left.
 */
const placeholderDomain = '@template.invalid';

/** The placeholder address of the role at this number. */
export const rolePlaceholderEmail = (number: number): string => `role-${number}${placeholderDomain}`;

/** Whether an address is a role's placeholder, waiting for its person. */
export const isRolePlaceholder = (email: string | null | undefined): boolean =>
  typeof email === 'string' && email.toLowerCase().endsWith(placeholderDomain);
