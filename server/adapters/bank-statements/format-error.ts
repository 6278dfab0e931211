/**
 * Why a bank statement could not be read: one line a person can act on, naming the format and where the problem is
 * (a line, a field, an entry). Every reader throws it instead of returning what it read so far, so no payment is ever
 * matched from half a statement.
 */
export class BankStatementFormatError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    // A message quoting the file may hold its line breaks; the promise is one line.
    super(message.replace(/\s*[\r\n]+\s*/g, " "), options);
    this.name = "BankStatementFormatError";
  }
}
