import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The operator's command line as a person runs it (`npm run ops -- ...`): asking for help or mistyping an option
 * answers words, not a stack trace, and opens no database. What each command line reads as is proven beside the
 * commands (server/ops/commands.test.ts); this runs the process, once per kind of answer.
 */

interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
}

const commandLines = {
  help: ["--help"],
  commandHelp: ["voucher-issue", "--help"],
  shortHelp: ["coupon-create", "-h"],
  unknownOption: ["voucher-issue", "--bogus"],
  unknownCommand: ["no-such-command"],
};

let dataDir: string;
let runs: Record<keyof typeof commandLines, Run>;

function ops(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      path.resolve("node_modules/.bin/tsx"),
      ["server/ops.ts", ...args],
      { env: { ...process.env, DATA_DIR: dataDir, ENV: "test", DATABASE_URL: "" } },
      (error, stdout, stderr) => resolve({ exitCode: error ? Number(error.code) : 0, stdout, stderr })
    );
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "dzb-ops-"));
  const entries = Object.entries(commandLines);
  const answers = await Promise.all(entries.map(([, args]) => ops(args)));
  runs = Object.fromEntries(entries.map(([name], index) => [name, answers[index]!])) as typeof runs;
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A line of a Node stack trace. */
const stackLine = /^\s+at /m;

describe("npm run ops", () => {
  it("prints every command's usage for --help", () => {
    expect(runs.help).toMatchObject({ exitCode: 0, stderr: "" });
    for (const command of ["transfer-paid", "voucher-issue", "coupon-create"]) {
      expect(runs.help.stdout).toContain(command);
    }
  });

  it("prints a command's own usage for its --help or -h, and exits 0", () => {
    expect(runs.commandHelp).toMatchObject({ exitCode: 0, stderr: "" });
    expect(runs.commandHelp.stdout).toMatch(/^Usage: npm run ops -- voucher-issue --product/);
    expect(runs.shortHelp).toMatchObject({ exitCode: 0, stderr: "" });
    expect(runs.shortHelp.stdout).toMatch(/^Usage: npm run ops -- coupon-create --code/);
  });

  it.each([
    ["unknownOption", "voucher-issue: unknown option --bogus", /^Usage: npm run ops -- voucher-issue --product/],
    ["unknownCommand", 'unknown command "no-such-command"', /^Usage: npm run ops -- <command>/],
  ] as const)("refuses a mistyped command line (%s): one line and the usage, exit 2", (run, line, usage) => {
    const { exitCode, stdout, stderr } = runs[run];
    expect({ exitCode, stdout }).toEqual({ exitCode: 2, stdout: "" });
    const [first, blank, ...rest] = stderr.split("\n");
    expect([first, blank]).toEqual([line, ""]);
    expect(rest.join("\n")).toMatch(usage);
    expect(stderr).not.toMatch(stackLine);
  });

  it("opened no database for any of it", async () => {
    expect(await readdir(dataDir)).toEqual([]);
  });
});
