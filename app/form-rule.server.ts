import * as z from "zod";

/**
 * An object of `shape` with a rule across its fields that runs even when a field failed its own check, so that every
 * mistake of a post shows at once. The rule is handed only the fields that passed: one that failed may hold anything
 * the post carried (a list when a name came twice, a file, text where a number belongs), and has its message already.
 */
export function objectWithRule<S extends z.ZodRawShape>(
  shape: S,
  rule: (fields: Partial<z.output<z.ZodObject<S>>>, context: z.RefinementCtx) => void
) {
  return z.object(shape).superRefine((value, context) => rule(fieldsThatPassed(shape, value), context), {
    when: () => true,
  });
}

function fieldsThatPassed<S extends z.ZodRawShape>(shape: S, value: unknown): Partial<z.output<z.ZodObject<S>>> {
  const posted = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const passed: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const reading = z.safeParse(field, posted[name]);
    if (reading.success && reading.data !== undefined) passed[name] = reading.data;
  }
  return passed as Partial<z.output<z.ZodObject<S>>>;
}
