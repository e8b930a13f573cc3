import type { Database } from './connection.js';

/**
 * A query prepared once per database, for the few that every signed-in call makes: drizzle builds
 * its SQL once instead of on every call, and PostgreSQL parses and plans it once per connection.
 * Values go in through `sql.placeholder(name)`. `build` must name the statement (`.prepare(name)`)
 * uniquely in the server; the database is the application's, not a transaction.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const byDatabase = new WeakMap<Database, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
