/**
 * Where the branches are on a map of Czechia and Poland (SPEC §2, "a map of branches"): drawn by the page itself as
 * an SVG, so it needs no script and no outside tile server. A branch is a section of the branches page (layout
 * `places`); its town is the one of `towns` its address names, in the town's own spelling, which the address keeps in
 * every language ("130 00 Praha 3"). A section whose address names no known town is listed, not drawn.
 */

/** Longitude and latitude (degrees) of the towns the shop has offices in. */
const towns: Record<string, readonly [number, number]> = {
  Praha: [14.42, 50.08],
  Brno: [16.61, 49.2],
  Warszawa: [21.01, 52.23],
  Kraków: [19.94, 50.06],
};

/** The map's frame: west, east, south, north. */
const frame = { west: 11.8, east: 24.4, south: 48.4, north: 55 };
/** A degree of longitude is shorter than one of latitude here (cos 51° ≈ 0.63). */
const scale = { x: 44, y: 70 };

export const mapSize = {
  width: Math.round((frame.east - frame.west) * scale.x),
  height: Math.round((frame.north - frame.south) * scale.y),
};

function point([longitude, latitude]: readonly [number, number]): [number, number] {
  return [
    Math.round((longitude - frame.west) * scale.x * 10) / 10,
    Math.round((frame.north - latitude) * scale.y * 10) / 10,
  ];
}

function outline(corners: readonly (readonly [number, number])[]): string {
  return `M${corners.map((corner) => point(corner).join(",")).join("L")}Z`;
}

/** The two countries' borders, simplified to a few dozen corners each: enough to find a town, not to navigate. */
export const countryOutlines = {
  czechia: outline([
    [12.09, 50.25], [12.5, 50.4], [13.0, 50.5], [13.5, 50.7], [14.3, 51.05], [14.8, 50.87], [15.0, 51.0],
    [15.5, 50.78], [16.3, 50.66], [16.2, 50.43], [16.6, 50.1], [17.0, 50.4], [17.7, 50.33], [18.0, 50.05],
    [18.6, 49.9], [18.85, 49.5], [18.4, 49.3], [17.9, 49.0], [17.2, 48.85], [16.9, 48.6], [16.1, 48.75],
    [15.0, 49.0], [14.7, 48.6], [14.0, 48.6], [13.8, 48.77], [13.4, 48.95], [12.9, 49.35], [12.5, 49.7],
    [12.4, 49.95],
  ]),
  poland: outline([
    [14.2, 53.9], [15.5, 54.15], [16.6, 54.55], [17.8, 54.8], [18.6, 54.7], [18.8, 54.35], [19.6, 54.45],
    [20.5, 54.4], [22.8, 54.35], [23.5, 54.2], [23.9, 53.9], [23.9, 53.2], [23.6, 52.6], [23.2, 52.3],
    [23.6, 52.0], [23.6, 51.5], [24.1, 50.85], [23.6, 50.4], [22.7, 49.6], [22.6, 49.1], [22.0, 49.2],
    [21.0, 49.4], [20.3, 49.4], [19.8, 49.2], [19.3, 49.55], [18.85, 49.5], [18.6, 49.9], [18.0, 50.05],
    [17.7, 50.33], [17.0, 50.4], [16.6, 50.1], [16.2, 50.43], [16.3, 50.66], [15.5, 50.78], [15.0, 51.0],
    [14.8, 50.87], [15.0, 51.3], [14.7, 52.1], [14.6, 52.6], [14.1, 52.9], [14.4, 53.3],
  ]),
};

export type PlacedBranch = { id: string; name: string; x: number; y: number };

/** The branches that can be drawn: each section whose address names a known town, at that town, under its heading. */
export function placedBranches(sections: readonly { id: string; heading: string; html: string }[]): PlacedBranch[] {
  return sections.flatMap((section) => {
    const town = Object.keys(towns).find((name) => new RegExp(`\\b\\d[\\d -]*\\s${name}\\b`, "u").test(section.html));
    if (!town) return [];
    const [x, y] = point(towns[town]!);
    return [{ id: section.id, name: section.heading, x, y }];
  });
}
