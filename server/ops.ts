/**
 * The operator's command line (`npm run ops -- <command>`), on the database the shop is configured with.
 * The embedded PGlite allows one process per data folder: stop the shop first, or point both at PostgreSQL.
 */
import { systemClock } from "./clock";
import { loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { OpsError, runOps, usage, UsageError } from "./ops/commands";

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === "--help") {
  console.log(usage);
} else {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runOps(args, { db: database.db, now: systemClock(), print: (line) => console.log(line) });
  } catch (error) {
    process.exitCode = 1;
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else if (error instanceof OpsError) console.error(error.message);
    else console.error(error);
  } finally {
    await database.close();
  }
}
