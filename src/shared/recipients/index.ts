/**
 * The recipient catalogue: each role a contract's recipient may have, declared once (roles.ts),
 * and the route they follow (route.ts), shared by the server (who may act, who is invited when,
 * what the certificate says) and the web (the sender's editor, the route picture, the signing
 * page).
 *
 * Glossary
 * - **recipient**: an entry of a contract's list of people (the API's `signers`), with a role.
 * - **group**: the recipients with one order number; they receive together, the groups in turn.
 * - **number**: a recipient's place in the list, counting from 1; fields, witnesses and names
 *   refer to a recipient by it, and it never changes while the contract is out.
 * - **turn**: a recipient may act when their group is reached (and a witness when their signer
 *   has signed, and a named recipient once named).
 * - **delegation**: a signer or approver hands their turn to someone else, who takes their number.
 * - **correction**: the sender changes a pending recipient's name or address; old links stop.
 */

export * from './list-problems';
export * from './record';
export * from './roles';
export * from './route';
export * from './template-roles';
