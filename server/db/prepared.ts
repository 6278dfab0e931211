import type { Database } from "./database";

/**
 * A statement drizzle builds once and prepares under a name, for the statements the api makes on every call of its
 * kind: building a query (walking its columns, joins and fragments) cost a quarter of an order's read (decision 033),
 * and an order's creation builds its statements inside its transaction (decision 062). PostgreSQL then parses it once
 * per connection.
 *
 * The statement is built once per driver (its text and the mapping of its rows are the same on every database of
 * it), and run on the connection of the database it is asked for: a transaction's own connection for a
 * transaction, so that it sees the transaction's writes and takes its locks there. One run on the database's pool
 * would miss both, and on PGlite's one connection wait for the transaction forever.
 */
export function preparedPerDatabase<Statement extends object>(
  prepare: (db: Database) => Statement
): (db: Database) => Statement {
  const builtPerDriver = new Map<Driver, Statement>();
  const perConnection = new WeakMap<Connection, Statement>();
  return (db) => {
    const session = db._.session as unknown as DriverSession;
    let statement = perConnection.get(session.client);
    if (!statement) {
      let built = builtPerDriver.get(session.constructor);
      if (!built) {
        built = prepare(db);
        // Kept for every later database of the driver: it must not keep the first one's connection alive.
        (built as unknown as Connected).client = undefined;
        builtPerDriver.set(session.constructor, built);
      }
      statement = onConnection(built, session.client);
      perConnection.set(session.client, statement);
    }
    return statement;
  };
}

/** The pool, the PGlite instance or a transaction's connection that a session, and the statements it prepares, use. */
type Connection = object;
type Driver = DriverSession["constructor"];

/**
 * What drizzle's node-postgres and PGlite sessions and prepared statements have in common, and do not declare: the
 * client they send their statements to. The integration test of this module fails when a drizzle upgrade renames it.
 */
interface DriverSession {
  readonly client: Connection;
  readonly constructor: abstract new (...args: never[]) => unknown;
}

interface Connected {
  client: Connection | undefined;
}

/** The statement as built, sent to `client`: everything else (its text, its parameters, its rows' mapping) shared. */
function onConnection<Statement extends object>(built: Statement, client: Connection): Statement {
  return Object.create(built, { client: { value: client } }) as Statement;
}

/**
 * A statement of several shapes (an insert of one row, of two rows…), each built when first asked for: every shape is
 * a statement of its own, prepared under a name of its own.
 */
export function preparedPerShape<Shape, Statement>(prepare: (shape: Shape) => Statement): (shape: Shape) => Statement {
  const shapes = new Map<Shape, Statement>();
  return (shape) => {
    let statement = shapes.get(shape);
    if (!statement) shapes.set(shape, (statement = prepare(shape)));
    return statement;
  };
}
