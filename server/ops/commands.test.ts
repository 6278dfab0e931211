import { describe, expect, it } from "vitest";
import { readCommandLine, usage, UsageError } from "./commands";

const commands = [
  "bank-import",
  "bank-movements",
  "bank-resolved",
  "transfer-paid",
  "voucher-issue",
  "voucher-list",
  "voucher-resend",
  "voucher-cancel",
  "coupon-create",
];

/** The UsageError a command line is refused with; one that is read fails the test. */
function refusalOf(argv: string[]): UsageError {
  try {
    readCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`${argv.join(" ")} was read`);
}

describe("reading the operator's command line", () => {
  it("answers the whole usage for --help, -h or nothing", () => {
    for (const argv of [["--help"], ["-h"], []]) expect(readCommandLine(argv)).toEqual({ help: usage });
  });

  it.each(commands)("answers the usage of %s alone for its --help, wherever it stands", (command) => {
    for (const argv of [[command, "--help"], [command, "-h"], [command, "--product", "DZB_PL", "--help"]]) {
      const commandLine = readCommandLine(argv);
      if (!("help" in commandLine)) throw new Error(`${argv.join(" ")} is no help`);
      expect(commandLine.help).toMatch(new RegExp(`^Usage: npm run ops -- ${command}\\s`));
      for (const other of commands.filter((name) => name !== command)) expect(commandLine.help).not.toContain(other);
    }
  });

  it.each([
    [["voucher-issue", "--bogus"], "voucher-issue: unknown option --bogus"],
    [["voucher-issue", "--value"], "voucher-issue: Option '--value <value>' argument missing"],
    [["voucher-issue", "--product", "DZB_CZ"], "voucher-issue needs --value"],
    [["voucher-issue", "--value", "0"], "--value must be more than 0"],
    [["coupon-create", "--code", "LETO5", "stray"], 'coupon-create: unexpected argument "stray"'],
    [["coupon-create", "--code", "LETO5", "--remove-business-fee=yes"], expect.stringMatching(/^coupon-create: /)],
    [["transfer-paid"], "transfer-paid takes exactly one order number"],
    [["voucher-list"], "voucher-list needs --email name@server"],
    [["voucher-list", "--email", "nobody"], "voucher-list needs --email name@server"],
    [["voucher-resend", "1234"], "voucher-resend takes a voucher code of 8 digits first"],
    [["voucher-resend", "12345678", "87654321"], "voucher-resend takes exactly one voucher code"],
    [["voucher-cancel", "12345678"], "voucher-cancel needs --reason, kept in the voucher's history"],
    [["voucher-cancel", "12345678", "--reason", " "], "voucher-cancel needs --reason, kept in the voucher's history"],
    [["transfer-paid", "26000042", "26000043"], "transfer-paid takes exactly one order number"],
    [["bank-import"], "bank-import takes the statement files to import"],
    [["bank-import", "--all"], "bank-import takes the statement files to import"],
    [["bank-movements", "--all"], "bank-movements takes no arguments"],
    [["bank-resolved", "26000042"], "bank-resolved takes the id of one movement, as the list of movements to resolve gives it"],
  ])("refuses %j in one line, with the command's usage", (argv, message) => {
    const refusal = refusalOf(argv);
    expect(refusal.message).toEqual(message);
    expect(refusal.message).not.toContain("\n");
    expect(refusal.usage).toMatch(new RegExp(`^Usage: npm run ops -- ${argv[0]}\\s`));
  });

  it("refuses an unknown command with the whole usage", () => {
    const refusal = refusalOf(["no-such-command", "--help"]);
    expect(refusal.message).toBe('unknown command "no-such-command"');
    expect(refusal.usage).toBe(usage);
  });

  it("reads a command that can run into the work, done later on a database", () => {
    const argv = ["voucher-issue", "--product", "DZB_PL", "--value", "50", "--code", "40000002"];
    expect(readCommandLine(argv)).toEqual({ run: expect.any(Function) });
  });
});
