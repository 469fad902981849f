import type { JobDeps } from '../../../context';

/** What a kind's facts may use when its message is delivered: a job's, as the mail job gives them. */
export type MailDeps = Pick<JobDeps, 'db' | 'appUrl' | 'files'>;

/** The link to a page of the app, for the message's action. */
export const pageLink = (deps: MailDeps, path: string) => new URL(path, deps.appUrl).href;
