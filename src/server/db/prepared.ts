import type { Database } from './client';

/**
 * A prepared statement built once per database and reused: the SQL is generated once, and
 * PostgreSQL parses and plans it once per connection. For the hottest reads only; a statement
 * prepared on the database must not be run inside a transaction.
 */
export function preparedOnce<T>(build: (db: Database) => T): (db: Database) => T {
  const statements = new WeakMap<Database, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
