/**
 * The operator's command line (`npm run ops -- <command>`), on the database the shop is configured with.
 * The embedded PGlite allows one process per data folder: stop the shop first, or point both at PostgreSQL.
 * The command line is read before the database is opened, so help and a mistyped option need neither.
 * Exit codes: 0 done, 1 the command found nothing to act on (or failed), 2 the command line cannot run.
 */
import { systemClock } from "./clock";
import { loadConfig } from "./config";
import { OpsError, readCommandLine, UsageError, type OpsCommandLine } from "./ops/commands";

let commandLine: OpsCommandLine | undefined;
try {
  commandLine = readCommandLine(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${error.usage}`);
  process.exitCode = 2;
}

if (commandLine && "help" in commandLine) {
  console.log(commandLine.help);
} else if (commandLine) {
  const config = loadConfig();
  // Loaded only here: the database driver is most of the start-up time, which help and refusals need not wait for.
  const { openDatabase } = await import("./db/database");
  const { createLogger } = await import("./logging/logger");
  // The command's answers are on stdout; the database's trouble meanwhile, a connection lost, is logged on stderr.
  const database = await openDatabase(
    {
      databaseUrl: config.databaseUrl,
      migrationUrl: config.databaseMigrationUrl,
      dataDir: config.dataDir,
      postgres: config.databasePool,
    },
    createLogger(config.logLevel, process.stderr)
  );
  try {
    await commandLine.run({ db: database.db, now: systemClock(), print: (line) => console.log(line) });
  } catch (error) {
    process.exitCode = 1;
    // A refusal is said in a line; anything else is a bug, and its stack helps whoever fixes it.
    console.error(error instanceof OpsError ? error.message : error);
  } finally {
    await database.close();
  }
}
