import type { Database } from './db/client';
import type { Config } from './env';
import type { AccountLimits } from './services/accounts/sign-in';

/** What the app is built from: the entry point passes the real ones, tests their own. */
export type AppDeps = {
  db: Database;
  ping: () => Promise<void>;
  config: Pick<Config, 'appUrl' | 'sessionSecret' | 'demo'>;
  accountLimits: AccountLimits;
};
