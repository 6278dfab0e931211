/**
 * Reference data: names Booking.com gives only by id. They change rarely (Booking.com recommends caching them), so
 * each is fetched once per language and kept for the life of the process; a failed lookup is not kept.
 */

import { chargeTypesAnswer, citiesAnswer, countriesAnswer, type TranslatedString } from "./shapes";
import { ProviderError } from "../hotel-provider";
import { type Client, asProviderError } from "./http";
import { inLanguage, languagesFor } from "./mapping";

export interface ReferenceData {
  chargeNames(language: string, signal: AbortSignal): Promise<ReadonlyMap<number, string>>;
  cityName(city: number, language: string, signal: AbortSignal): Promise<string | undefined>;
  countryName(country: string, language: string, signal: AbortSignal): Promise<string | undefined>;
}

export function createReferenceData(client: Client): ReferenceData {
  const chargeNames = new Map<string, ReadonlyMap<number, string>>();
  const placeNames = new Map<string, string | undefined>();
  return {
    chargeNames: (language, signal) =>
      remember(chargeNames, language, async () => {
        const body = { constants: ["charge_types"], languages: languagesFor(language) };
        const answer = await client.post("/accommodations/constants", body, chargeTypesAnswer, signal);
        return namesById(answer.data.charge_types, language);
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
