import { json } from "@remix-run/node";
import * as z from "zod";
import type { Translate } from "../shared/i18n/translator";
import { orderCacheControl } from "~/screen.server";

/**
 * A posted form goes back to the browser to be shown again (it keeps what the customer typed), and so does anything
 * a client put in it. What goes back is bounded by the form's schema: only the form's own fields, each cut to the
 * length its schema allows (the field's message says it was too long), so a 10 MB field never comes back as a 20 MB
 * page. A field whose schema names no length (a number, a date, a box, a choice) is short when it is valid.
 */

const SHORT_FIELD_LENGTH = 32;
/** Entries of a field with one per payment method, product or child; more are no form's. */
const MAX_ENTRIES = 50;
const ENTRY_NAME_LENGTH = 64;

type EchoRule = { maxLength: number; entries?: EchoRule };
type Reply = { initialValue?: Record<string, unknown> | null };
/** What conform says about a post: the values to show again and the messages by field ("" for the form). */
export type FormReply = Reply & { error?: Record<string, string[] | null> };

/** A form's schema as its module makes it, for a language; which fields it has and how long is the same in all. */
type FormSchemaOf = (t: Translate) => z.ZodType;

const rulesOfForm = new WeakMap<FormSchemaOf, Map<string, EchoRule>>();

/** The reply with only the form's fields, none longer than its schema allows. */
export function boundedEcho<R extends Reply>(reply: R, formSchema: z.ZodType | FormSchemaOf): R {
  const fields = typeof formSchema === "function" ? rulesOfSchemaOf(formSchema) : fieldRules(formSchema);
  const initialValue: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(reply.initialValue ?? {})) {
    const rule = fields.get(name);
    if (rule) initialValue[name] = bounded(value, rule);
  }
  return { ...reply, initialValue };
}

/**
 * A form's answer as an action sends it: conform's reply, echoed within the form's bounds, and whatever else the screen
 * needs to show; never stored (the forms hold a customer's details).
 */
export function replyJson<Extra extends object>(
  reply: FormReply,
  formSchema: z.ZodType | FormSchemaOf,
  status: number,
  extra: Extra = {} as Extra
) {
  return json(
    { result: boundedEcho(reply, formSchema), ...extra },
    { status, headers: { "Cache-Control": orderCacheControl } }
  );
}

function rulesOfSchemaOf(schemaOf: FormSchemaOf): Map<string, EchoRule> {
  let fields = rulesOfForm.get(schemaOf);
  if (!fields) {
    // The messages play no part in the rules: the keys stand in for them.
    fields = fieldRules(schemaOf((key) => key));
    rulesOfForm.set(schemaOf, fields);
  }
  return fields;
}

function bounded(value: unknown, rule: EchoRule): unknown {
  if (typeof value === "string") return value.slice(0, rule.maxLength);
  const entries = rule.entries;
  if (!entries || typeof value !== "object" || value === null) return undefined;
  if (Array.isArray(value)) return value.slice(0, MAX_ENTRIES).map((item) => bounded(item, entries));
  const kept = Object.entries(value)
    .filter(([name]) => name.length <= ENTRY_NAME_LENGTH)
    .slice(0, MAX_ENTRIES)
    .map(([name, item]) => [name, bounded(item, entries)]);
  return Object.fromEntries(kept);
}

/** The fields of an object schema (of every option, for a union of intents) with their echo rules. */
function fieldRules(schema: z.ZodType): Map<string, EchoRule> {
  const inner = unwrapped(schema);
  if (inner instanceof z.ZodDiscriminatedUnion || inner instanceof z.ZodUnion) {
    return new Map(inner.options.flatMap((option) => [...fieldRules(option as z.ZodType)]));
  }
  if (!(inner instanceof z.ZodObject)) return new Map();
  return new Map(Object.entries(inner.shape).map(([name, field]) => [name, echoRule(field as z.ZodType)]));
}

function echoRule(field: z.ZodType): EchoRule {
  const inner = unwrapped(field);
  if (inner instanceof z.ZodString) return { maxLength: inner.maxLength ?? SHORT_FIELD_LENGTH };
  if (inner instanceof z.ZodRecord) return { maxLength: 0, entries: echoRule(inner.valueType as z.ZodType) };
  if (inner instanceof z.ZodArray) return { maxLength: 0, entries: echoRule(inner.element as z.ZodType) };
  return { maxLength: SHORT_FIELD_LENGTH };
}

/** The schema under its optional, default and pipe wrappers: the one that checks the posted text. */
function unwrapped(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return unwrapped(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodPipe) return unwrapped(schema.in as z.ZodType);
  return schema;
}
