/**
 * Reference data: names Booking.com gives only by id. They change rarely (Booking.com recommends caching them), so
 * each is fetched once per language and kept for the life of the process; a failed lookup is not kept.
 */

import type { ChargeType } from "../../../domain/hotel-offer";
import { chargeTypesAnswer, citiesAnswer, countriesAnswer, type TranslatedString } from "./shapes";
import { ProviderError } from "../hotel-provider";
import { type Client, asProviderError } from "./http";
import { FALLBACK_LANGUAGE, inLanguage, languagesFor } from "./mapping";

/** A charge type as Booking.com names it in the asked language, and the contract's type when the shop has one. */
export interface ChargeKind {
  readonly name: string;
  readonly type?: ChargeType;
}

/**
 * The charge types the shop names itself, by the British English name Booking.com gives them. The Demand API's
 * charge ids are numbers its documentation lists nowhere; the names are Booking.com's charge list (the Charges API's
 * meta endpoint: CITYTAX "City tax", SERVICECHARGE and SERVICECHARGE_ASIA "Service charge"), and every constants
 * answer carries them, as British English is always asked for beside the visitor's language.
 */
const TYPE_BY_ENGLISH_NAME: ReadonlyMap<string, ChargeType> = new Map([
  ["city tax", "city_tax"],
  ["service charge", "service_charge"],
]);

export interface ReferenceData {
  charges(language: string, signal: AbortSignal): Promise<ReadonlyMap<number, ChargeKind>>;
  cityName(city: number, language: string, signal: AbortSignal): Promise<string | undefined>;
  countryName(country: string, language: string, signal: AbortSignal): Promise<string | undefined>;
}

export function createReferenceData(client: Client): ReferenceData {
  const chargeKinds = new Map<string, ReadonlyMap<number, ChargeKind>>();
  const placeNames = new Map<string, string | undefined>();
  return {
    charges: (language, signal) =>
      remember(chargeKinds, language, async () => {
        const body = { constants: ["charge_types"], languages: languagesFor(language) };
        const answer = await client.post("/accommodations/constants", body, chargeTypesAnswer, signal);
        return kindsById(answer.data.charge_types, language);
      }),
    cityName: (city, language, signal) =>
      remember(placeNames, `city:${city}:${language}`, async () => {
        const body = { city, languages: languagesFor(language) };
        const answer = await client.post("/common/locations/cities", body, citiesAnswer, signal);
        return namesById(answer.data, language).get(city);
      }),
    countryName: (country, language, signal) =>
      remember(placeNames, `country:${country}:${language}`, async () => {
        const body = { country, languages: languagesFor(language) };
        const answer = await client.post("/common/locations/countries", body, countriesAnswer, signal);
        return namesById(answer.data, language).get(country);
      }),
  };
}

async function remember<T>(cache: Map<string, T>, key: string, load: () => Promise<T>): Promise<T> {
  if (cache.has(key)) return cache.get(key) as T;
  const value = await load().catch((error: unknown) => {
    throw referenceFailure(error);
  });
  cache.set(key, value);
  return value;
}

function kindsById(
  entries: readonly { id: number; name: TranslatedString }[],
  language: string
): Map<number, ChargeKind> {
  const kinds = new Map<number, ChargeKind>();
  const names = namesById(entries, language);
  for (const entry of entries) {
    const name = names.get(entry.id);
    if (name === undefined) continue;
    const type = TYPE_BY_ENGLISH_NAME.get(entry.name[FALLBACK_LANGUAGE]?.trim().toLowerCase() ?? "");
    kinds.set(entry.id, { name, ...(type && { type }) });
  }
  return kinds;
}

function namesById<Id>(entries: readonly { id: Id; name: TranslatedString }[], language: string): Map<Id, string> {
  const names = new Map<Id, string>();
  for (const entry of entries) {
    const name = inLanguage(entry.name, language);
    if (name !== undefined) names.set(entry.id, name);
  }
  return names;
}

/** A reference lookup that fails says nothing about the hotel or the dates, only that Booking.com failed. */
function referenceFailure(error: unknown): ProviderError {
  const failure = asProviderError(error);
  if (failure.kind === "timeout" || failure.kind === "failed") return failure;
  return new ProviderError("failed", failure.message, { cause: failure });
}
