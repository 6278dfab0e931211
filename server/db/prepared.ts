import type { Database } from "./database";

/**
 * A statement drizzle builds once per database and prepares there, for the reads the api makes on every call of its
 * kind: building a query (walking its columns, joins and fragments) cost a quarter of an order's read (decision 033).
 * A transaction is a database of its own here: a statement prepared on the database would run on another connection,
 * outside the transaction, and miss its locks and its own writes. The transaction's is let go with it.
 */
export function preparedPerDatabase<Statement>(prepare: (db: Database) => Statement): (db: Database) => Statement {
  const prepared = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) prepared.set(db, (statement = prepare(db)));
    return statement;
  };
}
