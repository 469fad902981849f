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
