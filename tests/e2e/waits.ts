/** How long the end-to-end tests wait for work that takes seconds on a busy machine. */

/**
 * How long a send may take to show: it renders the contract's PDF, and the first render of a PDF
 * thread starts it and loads every script's fonts, which takes seconds on a busy machine.
 */
export const sendTimeout = { timeout: 45_000 };

/**
 * How long to wait for what a background job does (a mail delivered, a notification written).
 * Jobs queue behind the PDF renders and seals of every other test sharing the server: alone they
 * take a second or two, on a busy machine they have taken over ten.
 */
export const jobTimeout = { timeout: 60_000 };

/**
 * How long a page opened by address may take to show its heading: its scripts load lazily, and
 * with two browsers, the server and its threads on two cores that has taken over ten seconds.
 * For the first expectation after `page.goto`, where Playwright's default 10 s is too short.
 */
export const pageTimeout = { timeout: 30_000 };

/**
 * How long an upload of PDFs may take to open its draft: each file is received, hashed and
 * inspected in the upload thread, which on a busy machine has taken over ten seconds for two.
 */
export const uploadTimeout = { timeout: 45_000 };

/**
 * How long the first draft saved on a server may take to open as a contract: the save starts the
 * server's content thread (and hashes any access code with argon2), which with two browsers and
 * the server on two busy cores has taken over Playwright's default 10 s.
 */
export const firstSaveTimeout = { timeout: 30_000 };
