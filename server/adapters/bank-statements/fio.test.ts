import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { startFioFake, type FioFake } from "../../../tests/fixtures/fio-api-fake";
import { FIO_API_BASE_URL, FioApiError, FioClient, FioRateLimitError, readFio } from "./fio";
import { BankStatementFormatError } from "./format-error";

const answerText = readFileSync(
  new URL("../../../tests/fixtures/bank-statements/fio-transactions.json", import.meta.url),
  "utf8"
);
const answer = JSON.parse(answerText) as { accountStatement: { info: object } };

const TOKEN = "aGEMtmwcsWAjPzhg3bPH3j7lu15g56d66AdEbfljqlgMR9ldh6u3Pu5CMBu5nYBt";

const fixtureEntries = [
  {
    reference: "26512340131",
    bookedOn: "2026-11-27",
    amount: 123450,
    currency: "CZK",
    variableSymbol: "26000042",
    message: "Objednávka 26000042",
    counterpartyName: "Jiří Dvořák",
    counterpartyAccount: "1234567899/0100",
  },
  {
    reference: "26512340132",
    bookedOn: "2026-11-27",
    amount: 500000,
    currency: "CZK",
    variableSymbol: "26000043",
    counterpartyName: "Hana Nováková",
    counterpartyAccount: "19-2000145399/0800",
  },
  {
    reference: "26512340133",
    bookedOn: "2026-11-28",
    amount: -25000,
    currency: "CZK",
    variableSymbol: "2611",
    message: "Vrácení přeplatku",
    counterpartyName: "Hotel Krakonoš a.s.",
    counterpartyAccount: "2001234588/2010",
  },
  {
    reference: "26512340134",
    bookedOn: "2026-11-28",
    amount: 98000,
    currency: "CZK",
    message: "Platba za pobyt, objednávka 26000045",
    counterpartyName: "Marie Černá",
    counterpartyAccount: "670100000/6210",
  },
  { reference: "26512340136", bookedOn: "2026-11-28", amount: 35, currency: "CZK" },
];

/** One movement as Fio's JSON has it, every column `{ value, name, id }`. */
function row(columns: Record<number, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(columns).map(([id, value]) => [
      `column${id}`,
      value === null ? null : { value, name: "", id: Number(id) },
    ])
  );
}

function answerWith(...rows: Record<string, unknown>[]): unknown {
  return { accountStatement: { info: answer.accountStatement.info, transactionList: { transaction: rows } } };
}

describe("reading Fio's JSON", () => {
  it("reads each movement with its ID, date, amount, variable symbol, message and counterparty", () => {
    expect(readFio(answer)).toEqual({ format: "fio", account: "CZ1520100000002001234561", entries: fixtureEntries });
  });

  it("reads the amount, a JSON number, to the haléř, never through floating-point arithmetic", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (haler) => {
        const json = JSON.stringify(answerWith(row({ 22: 1, 0: "2026-11-27+0100", 1: haler / 100, 14: "CZK" })));
        expect(readFio(JSON.parse(json)).entries[0]!.amount).toBe(haler);
      })
    );
  });

  it("reads the documentation's older dates, the instant the day starts, as the day in Prague", () => {
    const entry = (date: unknown) => readFio(answerWith(row({ 22: 1, 0: date, 1: 1.0, 14: "CZK " }))).entries[0]!;
    // 26 June 2012 00:00 in Prague (summer time) and 31 December 2026 00:00 (winter time).
    expect(entry(1340661600000).bookedOn).toBe("2012-06-26");
    expect(entry(1798671600000).bookedOn).toBe("2026-12-31");
    expect(entry("2026-11-27+0100")).toEqual({ reference: "1", bookedOn: "2026-11-27", amount: 100, currency: "CZK" });
  });

  it("takes the account number when there is no IBAN, and an answer without movements as empty", () => {
    const info = { accountId: "2001234561", bankId: "2010", currency: "CZK" };
    expect(readFio({ accountStatement: { info } })).toEqual({ format: "fio", account: "2001234561/2010", entries: [] });
  });

  it("refuses an answer it cannot read whole, naming the movement and the column", () => {
    const refusal = (value: unknown) => {
      try {
        readFio(value);
      } catch (error) {
        expect(error).toBeInstanceOf(BankStatementFormatError);
        return (error as Error).message;
      }
      throw new Error("the answer was read");
    };
    expect(refusal({ error: "x" })).toBe("Fio JSON: there is no accountStatement.info");
    expect(refusal(answerWith(row({ 0: "2026-11-27+0100", 1: 1, 14: "CZK" })))).toBe(
      'Fio JSON movement 1: there is no "ID pohybu" (column22)'
    );
    expect(refusal(answerWith(row({ 22: 7, 0: "2026-11-27+0100", 1: "1234,50", 14: "CZK" })))).toBe(
      "Fio JSON movement 1 (ID 7): the amount (column1) is not a number of haléře"
    );
    expect(refusal(answerWith(row({ 22: 7, 0: "27.11.2026", 1: 1, 14: "CZK" })))).toBe(
      'Fio JSON movement 1 (ID 7): the date (column0) "27.11.2026" is not YYYY-MM-DD+zone'
    );
    expect(
      refusal(
        answerWith(
          row({ 22: 7, 0: "2026-11-27+0100", 1: 1, 14: "CZK" }),
          row({ 22: 7, 0: "2026-11-27+0100", 1: 2, 14: "CZK" })
        )
      )
    ).toBe('Fio JSON: two movements have the reference "7"; the second would be taken for the first and lost');
  });
});

describe("Fio's API client", () => {
  const [from, to] = ["2026-11-14", "2026-11-28"];
  let fake: FioFake | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it("downloads the movements booked in a period, the days at its ends included", async () => {
    fake = await startFioFake(TOKEN);
    const client = new FioClient({ baseUrl: fake.baseUrl, token: TOKEN });
    expect(await client.movementsBetween("2026-11-14", "2026-11-28")).toEqual({
      format: "fio",
      account: "CZ1520100000002001234561",
      entries: fixtureEntries,
    });
    fake.advance(30_000);
    expect((await client.movementsBetween("2026-11-28", "2026-11-28")).entries).toEqual(fixtureEntries.slice(2));
    fake.advance(30_000);
    expect((await client.movementsBetween("2026-11-29", "2026-12-01")).entries).toEqual([]);
    expect(fake.paths).toEqual([
      `/v1/rest/periods/${TOKEN}/2026-11-14/2026-11-28/transactions.json`,
      `/v1/rest/periods/${TOKEN}/2026-11-28/2026-11-28/transactions.json`,
      `/v1/rest/periods/${TOKEN}/2026-11-29/2026-12-01/transactions.json`,
    ]);
  });

  it("puts nothing but a date into the address", async () => {
    const client = new FioClient({ token: TOKEN, fetch: async () => new Response(answerText) });
    await expect(client.movementsBetween("2026-11-14/../../x", "2026-11-28")).rejects.toThrow(RangeError);
  });

  it("throws the rate limit's own error, without the token, on a second call within 30 seconds", async () => {
    fake = await startFioFake(TOKEN);
    const client = new FioClient({ baseUrl: fake.baseUrl, token: TOKEN });
    await client.movementsBetween(from, to);
    fake.advance(29_999);
    const error = await client.movementsBetween(from, to).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(FioRateLimitError);
    expect(error).toBeInstanceOf(FioApiError);
    expect(error).toMatchObject({ httpStatus: 409, retryAfterMs: 30_000 });
    expect((error as Error).message).not.toContain(TOKEN);
  });

  it("throws Fio's other error answers as such, saying what the documentation says they mean", async () => {
    fake = await startFioFake(TOKEN);
    const error = await new FioClient({ baseUrl: fake.baseUrl, token: "expired" })
      .movementsBetween(from, to)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(FioApiError);
    expect(error).not.toBeInstanceOf(FioRateLimitError);
    expect(error).toMatchObject({
      httpStatus: 500,
      message: "Fio answered HTTP 500: the token is invalid, expired or not yet active",
    });
  });

  it("tells an answer that is no JSON from JSON that is no statement", async () => {
    fake = await startFioFake(TOKEN, undefined, { body: "<html>Údržba</html>" });
    const notJson = await new FioClient({ baseUrl: fake.baseUrl, token: TOKEN })
      .movementsBetween(from, to)
      .catch((e: unknown) => e);
    expect(notJson).toMatchObject({ name: "FioApiError", message: "Fio answered HTTP 200 without JSON" });
    await fake.close();

    fake = await startFioFake(TOKEN, undefined, { body: '{"accountStatement":{}}' });
    const notStatement = await new FioClient({ baseUrl: fake.baseUrl, token: TOKEN })
      .movementsBetween(from, to)
      .catch((e: unknown) => e);
    expect(notStatement).toBeInstanceOf(BankStatementFormatError);
  });

  it("throws FioApiError, without the address that holds the token, when Fio cannot be reached", async () => {
    fake = await startFioFake(TOKEN);
    const { baseUrl } = fake;
    await fake.close();
    fake = undefined;
    const error = await new FioClient({ baseUrl, token: TOKEN }).movementsBetween(from, to).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: "FioApiError", message: "Fio's API could not be reached" });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it("calls Fio's documented address unless told another", async () => {
    const urls: string[] = [];
    const fetchFake: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response(answerText, { status: 200 });
    };
    await new FioClient({ token: TOKEN, fetch: fetchFake }).movementsBetween(from, to);
    expect(FIO_API_BASE_URL).toBe("https://fioapi.fio.cz/v1/rest");
    expect(urls).toEqual([`https://fioapi.fio.cz/v1/rest/periods/${TOKEN}/${from}/${to}/transactions.json`]);
  });
});
