import type { Database } from '../../../db/client';
import type { FileStore } from '../../../uploads/file-store';

/** What a kind's facts may use when its message is delivered. */
export type MailDeps = { db: Database; appUrl: URL; files: FileStore };

/** The link to a page of the app, for the message's action. */
export const pageLink = (deps: MailDeps, path: string) => new URL(path, deps.appUrl).href;
