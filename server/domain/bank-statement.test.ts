import { describe, expect, it } from "vitest";
import { statementAccountKey } from "./bank-statement";

describe("the account a statement is for", () => {
  it("is one text for a Czech account, from its IBAN or its number with or without prefix and bank", () => {
    const key = "CZ 0000192000145399";
    for (const account of [
      "CZ6508000000192000145399",
      "CZ65 0800 0000 1920 0014 5399",
      "19-2000145399",
      "19-2000145399/0800",
    ]) {
      expect(statementAccountKey(account)).toBe(key);
    }
    expect(statementAccountKey("2001234561")).toBe("CZ 0000002001234561");
    expect(statementAccountKey("CZ1520100000002001234561")).toBe(
      "CZ 0000002001234561"
    );
  });

  it("pads a short Czech account number, so GPC's number and Fio's IBAN of the same account agree", () => {
    expect(statementAccountKey("178124-4159")).toBe("CZ 1781240000004159");
    expect(statementAccountKey("CZ6907101781240000004159")).toBe("CZ 1781240000004159");
  });

  it("takes no longer text for a Czech account: a digit more is another account", () => {
    expect(statementAccountKey("CZ6508000000192000145399 1")).toBe("CZ65080000001920001453991");
    expect(statementAccountKey("1 CZ6508000000192000145399")).toBe("1CZ6508000000192000145399");
    expect(statementAccountKey("12345678901")).toBe("12345678901");
    expect(statementAccountKey("19-2000145399/08001")).toBe("19-2000145399/08001");
  });

  it("is any other IBAN as it is, compact", () => {
    expect(statementAccountKey("PL61 1090 1014 0000 0712 1981 2874")).toBe(
      "PL61109010140000071219812874"
    );
  });
});
