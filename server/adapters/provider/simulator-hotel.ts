/**
 * The simulator's description of a hotel: name, address, position, rating and photos, all drawn from the hotel id so
 * the same hotel always looks the same. Each part has its own generator, so naming a hotel after its link changes
 * the name and nothing else.
 */

import type { Photo, ProviderHotel } from "../../domain/hotel-offer";
import type { HotelLink, ProviderLanguage } from "./hotel-provider";
import {
  countries,
  genericPlaces,
  hotelNameWords,
  lowercaseNameWords,
  photoFiles,
  type City,
} from "./simulator-catalogue";
import { type Random, randomFor } from "./simulator-random";

export interface SimulatedHotel {
  readonly hotel: ProviderHotel;
  /** The hotel's own clock, for "today" and cancellation deadlines at 23:59. */
  readonly timeZone: string;
}

/** Root-relative: the shop serves these files itself from public/hotel-photos. */
export const HOTEL_PHOTO_PATH = "/hotel-photos/";

export function describeHotel(
  hotelId: string,
  link: HotelLink | undefined,
  language: ProviderLanguage
): SimulatedHotel {
  const countryCode = link?.countryCode ?? randomFor("country", hotelId).pick(Object.keys(countries));
  const name = link === undefined ? generatedName(randomFor("name", hotelId)) : nameFromSlug(link.slug);
  const place = placeIn(countryCode, link?.slug ?? "", randomFor("place", hotelId), language);
  return {
    timeZone: place.timeZone,
    hotel: {
      hotelId,
      name,
      url: link?.url ?? `https://www.booking.com/hotel/${countryCode}/${slugOf(name)}.html`,
      ...(place.coordinates !== undefined && { coordinates: place.coordinates }),
      address: place.address,
      rating: ratingOf(randomFor("rating", hotelId)),
      photos: photosOf(randomFor("photos", hotelId)),
    },
  };
}

/** The shop serves one SVG per picture: a vector image scales to any size, so both sizes are the same file. */
export function photo(file: string): Photo {
  const url = `${HOTEL_PHOTO_PATH}${file}.svg`;
  return { standardUrl: url, largeUrl: url };
}

/** "hotel-paris-prague" → "Hotel Paris Prague", "hotel-am-markt" → "Hotel am Markt", "pension-bb-ii" → "Pension B&B II". */
export function nameFromSlug(slug: string): string {
  return slug
    .split(/[-_]+/)
    .filter((word) => word !== "")
    .map((word, index) => {
      if (word === "bb") return "B&B";
      if (/^[ivx]+$/.test(word) && word.length <= 4) return word.toUpperCase();
      if (index > 0 && lowercaseNameWords.has(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(" ");
}

function generatedName(random: Random): string {
  return `${random.pick(hotelNameWords.kinds)} ${random.pick(hotelNameWords.names)}`;
}

/** Generated names are plain ASCII words, so lowercase and dashes make the portal's slug. */
function slugOf(name: string): string {
  return name.toLowerCase().replace(/\s+/g, "-");
}

interface Place {
  readonly address: ProviderHotel["address"];
  readonly coordinates?: { readonly latitude: number; readonly longitude: number };
  readonly timeZone: string;
}

/** The slug's own words: a city it names, with or without diacritics ("hotel-paris-prague", "pension-krakow"). */
function cityNamedIn(slug: string, cities: readonly City[]): City | undefined {
  const words = `-${slug}-`;
  const slugForm = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replaceAll(" ", "-");
  return cities.find((city) => [slugForm(city.name), ...city.aliases].some((word) => words.includes(`-${word}-`)));
}

function placeIn(countryCode: string, slug: string, random: Random, language: ProviderLanguage): Place {
  const country = countries[countryCode];
  const houseNumber = String(random.int(1, 120));
  if (country === undefined) {
    return {
      address: {
        streetNumber: `${houseNumber} ${random.pick(genericPlaces.streets)}`,
        city: random.pick(genericPlaces.cities),
        country: countryCode.toUpperCase(),
        postalCode: fillDigits(genericPlaces.postalCode, random),
      },
      timeZone: genericPlaces.timeZone,
    };
  }
  const city = cityNamedIn(slug, country.cities) ?? random.pick(country.cities);
  const street = random.pick(country.streets);
  const streetNumber = {
    after: `${street} ${houseNumber}`,
    after_comma: `${street}, ${houseNumber}`,
    before: `${houseNumber} ${street}`,
  }[country.numberStyle];
  return {
    address: {
      streetNumber,
      city: city.name,
      country: country.name[language],
      postalCode: fillDigits(city.postalCode, random),
    },
    // Within about a kilometre of the centre, in whole millionths of a degree like the portal gives.
    coordinates: {
      latitude: Math.round(city.latitude * 1e6 + random.int(-9_000, 9_000)) / 1e6,
      longitude: Math.round(city.longitude * 1e6 + random.int(-9_000, 9_000)) / 1e6,
    },
    timeZone: country.timeZone,
  };
}

function fillDigits(template: string, random: Random): string {
  return template.replace(/#/g, () => String(random.int(0, 9)));
}

/** A few hotels are new and have no reviews yet, hence no score. */
function ratingOf(random: Random): ProviderHotel["rating"] {
  const numberOfReviews = random.chance(0.05) ? 0 : random.int(1, 5_000);
  return {
    numberOfReviews,
    reviewScore: numberOfReviews === 0 ? 0 : random.int(60, 98) / 10,
    // Pensions and apartments often have no stars; most hotels have three or four.
    stars: random.pick([0, 2, 3, 3, 4, 4, 5]),
  };
}

function photosOf(random: Random): ProviderHotel["photos"] {
  const others = random.sample([...photoFiles.rooms, ...photoFiles.amenities], random.int(3, 6));
  return { main: photo(random.pick(photoFiles.exteriors)), other: others.map(photo) };
}
