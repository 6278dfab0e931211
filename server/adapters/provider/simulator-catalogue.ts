/**
 * The word lists the simulator builds its hotels from: countries with a few real cities and streets, hotel name
 * words, room types and the photos the shop serves itself from public/hotel-photos.
 */

import type { MaximumOccupancy } from "../../domain/hotel-offer";
import type { ProviderLanguage } from "./hotel-provider";

export type Localised = Readonly<Record<ProviderLanguage, string>>;

export interface City {
  readonly name: string;
  /** The city centre; hotels are placed within about a kilometre of it, so always inside the country. */
  readonly latitude: number;
  readonly longitude: number;
  /** "#" stands for a random digit. */
  readonly postalCode: string;
  /** Other names a hotel slug may use for the city ("prague" for Praha), besides its own name without diacritics. */
  readonly aliases: readonly string[];
}

export interface Country {
  readonly name: Localised;
  readonly timeZone: string;
  readonly cities: readonly City[];
  readonly streets: readonly string[];
  /** How the house number joins the street: "Husova 12", "Via Roma, 12", "12 High Street". */
  readonly numberStyle: "after" | "after_comma" | "before";
}

const city = (
  name: string,
  latitude: number,
  longitude: number,
  postalCode: string,
  aliases: readonly string[] = []
): City => ({ name, latitude, longitude, postalCode, aliases });

export const countries: Readonly<Record<string, Country>> = {
  cz: {
    name: { cs: "Česko", pl: "Czechy", en: "Czechia" },
    timeZone: "Europe/Prague",
    cities: [
      city("Praha", 50.0875, 14.4213, "1#0 00", ["prague", "prag"]),
      city("Brno", 49.1951, 16.6068, "6#2 00"),
      city("Český Krumlov", 48.8127, 14.3175, "381 01", ["krumlov"]),
      city("Karlovy Vary", 50.231, 12.8711, "360 01", ["karlsbad"]),
      city("Olomouc", 49.5938, 17.2509, "779 00"),
    ],
    streets: ["Na Příkopě", "Vodičkova", "Masarykova", "Husova", "Palackého", "Nádražní", "Zámecká"],
    numberStyle: "after",
  },
  pl: {
    name: { cs: "Polsko", pl: "Polska", en: "Poland" },
    timeZone: "Europe/Warsaw",
    cities: [
      city("Kraków", 50.0614, 19.9366, "31-0##", ["cracow", "krakau"]),
      city("Warszawa", 52.2297, 21.0122, "00-###", ["warsaw", "warschau"]),
      city("Gdańsk", 54.352, 18.6466, "80-8##"),
      city("Wrocław", 51.1079, 17.0385, "50-###"),
      city("Zakopane", 49.2992, 19.9496, "34-500"),
    ],
    streets: ["ul. Floriańska", "ul. Długa", "ul. Mickiewicza", "ul. Kościuszki", "ul. Sienkiewicza", "ul. Szewska"],
    numberStyle: "after",
  },
  sk: {
    name: { cs: "Slovensko", pl: "Słowacja", en: "Slovakia" },
    timeZone: "Europe/Bratislava",
    cities: [
      city("Bratislava", 48.1486, 17.1077, "811 0#"),
      city("Košice", 48.7164, 21.2611, "040 01"),
      city("Vysoké Tatry", 49.1394, 20.2207, "062 01", ["tatry", "tatras"]),
    ],
    streets: ["Hlavná", "Obchodná", "Štúrova", "Michalská", "Hviezdoslavovo námestie"],
    numberStyle: "after",
  },
  at: {
    name: { cs: "Rakousko", pl: "Austria", en: "Austria" },
    timeZone: "Europe/Vienna",
    cities: [
      city("Wien", 48.2082, 16.3738, "10#0", ["vienna"]),
      city("Salzburg", 47.8095, 13.055, "5020"),
      city("Innsbruck", 47.2692, 11.4041, "6020"),
    ],
    streets: ["Kärntner Straße", "Mariahilfer Straße", "Getreidegasse", "Hauptplatz", "Maria-Theresien-Straße"],
    numberStyle: "after",
  },
  de: {
    name: { cs: "Německo", pl: "Niemcy", en: "Germany" },
    timeZone: "Europe/Berlin",
    cities: [
      city("Berlin", 52.52, 13.405, "101##"),
      city("München", 48.1351, 11.582, "803##", ["munich"]),
      city("Hamburg", 53.5511, 9.9937, "203##"),
      city("Dresden", 51.0504, 13.7373, "010##"),
    ],
    streets: ["Hauptstraße", "Bahnhofstraße", "Schillerstraße", "Goethestraße", "Marktplatz", "Lindenallee"],
    numberStyle: "after",
  },
  hr: {
    name: { cs: "Chorvatsko", pl: "Chorwacja", en: "Croatia" },
    timeZone: "Europe/Zagreb",
    cities: [
      city("Zagreb", 45.815, 15.9819, "10000"),
      city("Split", 43.5081, 16.4402, "21000"),
      city("Dubrovnik", 42.6507, 18.0944, "20000"),
    ],
    streets: ["Ilica", "Vukovarska", "Ulica kralja Tomislava", "Put Firula", "Trg bana Jelačića"],
    numberStyle: "after",
  },
  it: {
    name: { cs: "Itálie", pl: "Włochy", en: "Italy" },
    timeZone: "Europe/Rome",
    cities: [
      city("Roma", 41.9028, 12.4964, "001##", ["rome"]),
      city("Venezia", 45.4408, 12.3155, "301##", ["venice"]),
      city("Firenze", 43.7696, 11.2558, "501##", ["florence"]),
      city("Milano", 45.4642, 9.19, "201##", ["milan"]),
    ],
    streets: ["Via Roma", "Via Garibaldi", "Corso Italia", "Via Dante", "Piazza della Repubblica"],
    numberStyle: "after_comma",
  },
  es: {
    name: { cs: "Španělsko", pl: "Hiszpania", en: "Spain" },
    timeZone: "Europe/Madrid",
    cities: [
      city("Barcelona", 41.3874, 2.1686, "080##"),
      city("Madrid", 40.4168, -3.7038, "280##"),
      city("Valencia", 39.4699, -0.3763, "460##"),
      city("Málaga", 36.7213, -4.4214, "290##"),
    ],
    streets: ["Calle Mayor", "Gran Vía", "Calle de Alcalá", "Passeig de Gràcia", "Avenida de la Constitución"],
    numberStyle: "after_comma",
  },
  fr: {
    name: { cs: "Francie", pl: "Francja", en: "France" },
    timeZone: "Europe/Paris",
    cities: [
      city("Paris", 48.8566, 2.3522, "7501#"),
      city("Nice", 43.7102, 7.262, "06000"),
      city("Lyon", 45.764, 4.8357, "69002"),
    ],
    streets: ["Rue de la Paix", "Avenue Victor Hugo", "Boulevard Saint-Michel", "Rue du Commerce", "Rue Lafayette"],
    numberStyle: "before",
  },
  gb: {
    name: { cs: "Spojené království", pl: "Wielka Brytania", en: "United Kingdom" },
    timeZone: "Europe/London",
    cities: [
      city("London", 51.5072, -0.1276, "EC1A #BB"),
      city("Edinburgh", 55.9533, -3.1883, "EH1 #AB"),
      city("Manchester", 53.4808, -2.2426, "M1 #AE"),
    ],
    streets: ["High Street", "Station Road", "Church Lane", "Queen Street", "King's Road"],
    numberStyle: "before",
  },
};

/** For a country without a list: made-up places, so no coordinates, and clocks on UTC. */
export const genericPlaces = {
  cities: ["Riverside", "Lakeside", "Old Town", "Hillview"],
  streets: ["Main Street", "Station Road", "Park Avenue", "Market Square"],
  postalCode: "#####",
  timeZone: "UTC",
} as const;

/** Names for hotels the shop knows only by id. */
export const hotelNameWords = {
  kinds: ["Hotel", "Grand Hotel", "Pension", "Residence", "Boutique Hotel", "Garni Hotel", "Apartments", "Villa"],
  names: [
    "Aurora",
    "Central",
    "Royal",
    "Park",
    "Panorama",
    "Astoria",
    "Bellevue",
    "Europa",
    "Savoy",
    "Imperial",
    "Continental",
    "Metropol",
    "Alpina",
    "Riviera",
    "Atrium",
    "Ambassador",
  ],
} as const;

/** Hotel words that stay lowercase inside a name made from a slug ("Hotel am Markt", "U Zlatého Stromu"). */
export const lowercaseNameWords: ReadonlySet<string> = new Set(
  "a am an and at by da de del der di du in la le les na nad of on pod the u v w y z zu".split(" ")
);

export const photoFiles = {
  exteriors: ["exterior-town", "exterior-modern", "exterior-mountain", "exterior-seaside"],
  /** Shown with the hotel's other photos besides its room photos. */
  amenities: ["breakfast", "pool"],
  rooms: ["room-double", "room-twin", "room-suite", "room-family", "room-apartment"],
} as const;

export type RoomPhoto = (typeof photoFiles.rooms)[number];

export interface RoomType {
  readonly name: Localised;
  readonly photo: RoomPhoto;
  /** The nightly rate as a share of the hotel's base rate for a double room, in percent. */
  readonly ratePercent: number;
  readonly occupancy: MaximumOccupancy;
}

/** Most rooms take 2 adults and 2 children; others state their own numbers, as hotels do (decision 051). */
const standardOccupancy: MaximumOccupancy = { adults: 2, total: 4, children: [{ total: 2, fromAge: 2, toAge: 12 }] };

export const roomTypes: readonly RoomType[] = [
  {
    name: { en: "Double Room", cs: "Dvoulůžkový pokoj", pl: "Pokój dwuosobowy" },
    photo: "room-double",
    ratePercent: 100,
    occupancy: standardOccupancy,
  },
  {
    name: { en: "Twin Room", cs: "Pokoj se dvěma lůžky", pl: "Pokój z dwoma łóżkami" },
    photo: "room-twin",
    ratePercent: 100,
    occupancy: standardOccupancy,
  },
  {
    name: { en: "Superior Double Room", cs: "Dvoulůžkový pokoj Superior", pl: "Pokój dwuosobowy Superior" },
    photo: "room-double",
    ratePercent: 120,
    // Two adults and a baby in a cot.
    occupancy: { adults: 2, total: 3, children: [{ total: 1, fromAge: 0, toAge: 1 }] },
  },
  {
    name: {
      en: "Deluxe Twin Room with Balcony",
      cs: "Pokoj Deluxe se dvěma lůžky a balkonem",
      pl: "Pokój Deluxe z dwoma łóżkami i balkonem",
    },
    photo: "room-twin",
    ratePercent: 140,
    occupancy: standardOccupancy,
  },
  {
    name: { en: "Studio", cs: "Studio", pl: "Studio" },
    photo: "room-apartment",
    ratePercent: 110,
    occupancy: { adults: 2, total: 4, children: [{ total: 2, fromAge: 2, toAge: 6 }] },
  },
  {
    name: { en: "Triple Room", cs: "Třílůžkový pokoj", pl: "Pokój trzyosobowy" },
    photo: "room-twin",
    ratePercent: 130,
    occupancy: { adults: 3, total: 4, children: [{ total: 1, fromAge: 2, toAge: 12 }] },
  },
  {
    name: { en: "Junior Suite", cs: "Junior apartmá", pl: "Junior suite" },
    photo: "room-suite",
    ratePercent: 160,
    occupancy: {
      adults: 2,
      total: 4,
      children: [
        { total: 1, fromAge: 2, toAge: 5 },
        { total: 1, fromAge: 6, toAge: 12 },
      ],
    },
  },
  {
    name: { en: "Family Suite", cs: "Rodinné apartmá", pl: "Apartament rodzinny" },
    photo: "room-family",
    ratePercent: 180,
    occupancy: { adults: 4, total: 6, children: [{ total: 4, fromAge: 2, toAge: 12 }] },
  },
  {
    name: { en: "Apartment", cs: "Apartmán", pl: "Apartament" },
    photo: "room-apartment",
    ratePercent: 170,
    occupancy: { adults: 4, total: 6, children: [{ total: 3, fromAge: 2, toAge: 12 }] },
  },
];
