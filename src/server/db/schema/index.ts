/**
 * The database schema (drizzle), one file per part; drizzle-kit reads it from here
 * (drizzle.config.ts). Beside each table its row type (`ContractRow`…): import it, never re-derive it.
 */

export * from './accounts';
export * from './approvals';
export * from './bulk-sends';
export * from './contracts';
export * from './enums';
export * from './events';
export * from './files';
export * from './jobs';
export * from './mail';
export * from './organizations';
export * from './public-links';
export * from './reviews';
export * from './saved-views';
export * from './search';
export * from './signing';
export * from './terms';
export * from './webhooks';
