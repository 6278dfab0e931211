import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../gen/dzb/shop/v1/errors_pb";
import { messages } from "../../shared/i18n/messages";

describe("the error catalogue", () => {
  it("has a sentence for every ErrorCode in cs, pl and en", () => {
    const names = Object.keys(ErrorCode).filter((key) => Number.isNaN(Number(key)));
    for (const language of ["cs", "pl", "en"] as const) {
      const errors = (messages[language] as unknown as { errors: Record<string, string> }).errors;
      for (const name of names) expect(errors[name], `${language} errors.${name}`).toBeTruthy();
      expect(Object.keys(errors).sort(), `${language} has no sentence for a code that does not exist`).toEqual(
        [...names].sort()
      );
    }
  });
});
