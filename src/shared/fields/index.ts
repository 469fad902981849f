/**
 * The field catalogue: every field type declared once (field-kinds.ts), its limits
 * (field-limits.ts), and the one set of rules everyone uses, the server (the sender's checks, the
 * editor's, the signing service, the seal) and the web (the field editor, the signing page):
 * a definition's problems (definition-problems.ts, pattern-check.ts) and a value's
 * (value-problems.ts). No rule or limit of a field is written outside this folder
 * (tests/unit/field-catalogue-boundary.test.ts).
 *
 * Glossary
 * - **field**: a place in a contract that a signer's value fills, of one of the `fieldTypes`
 *   (a signature, a date, a checkbox…), for one signer by signing order.
 * - **placed field**: a field put on a page of one of the contract's PDFs (a box in fractions of
 *   the page), by the sender in the field editor, from a text tag, or from the PDF's own form.
 * - **field in the text**: a field written in the drafted text (an inline atom of the editor,
 *   `signingField`); at send it becomes a placed field where the PDF prints it.
 * - **fills itself**: a field whose value comes as the signer signs (their adopted signature and
 *   initials, name, e-mail, the date signed); the signer types nothing into it.
 * - **prefill**: a sender's value for a field the signer may change.
 * - **merge field**: an inline atom of the drafted text (`mergeField`) with a key, a label and a
 *   value the sender gives (a party's name, an amount), printed as its value: not a field, no one
 *   fills it at signing.
 * - **signer details**: what the organization asks of every signer (their name, e-mail, custom
 *   ones such as a phone number), given once as they sign, not placed anywhere.
 */
export * from './definition-problems';
export * from './field-kinds';
export * from './field-limits';
export * from './pattern-check';
export * from './value-problems';
