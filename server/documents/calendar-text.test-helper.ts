/**
 * Reads an iCalendar file back as a calendar app does, for tests: its lines unfolded, each VEVENT's properties by
 * name with their parameters, and text values unescaped (RFC 5545 §3.1, §3.3.11). Enough of the format to check
 * what the shop writes, without a parser package.
 */

export interface CalendarProperty {
  /** E.g. `VALUE=DATE` of `DTSTART;VALUE=DATE:20260410`. */
  readonly params: readonly string[];
  /** As written after the colon (a DATE, a URL, a text still escaped). */
  readonly raw: string;
  /** A text value unescaped: `\,` a comma, `\n` a new line. */
  readonly text: string;
}

export interface ReadCalendar {
  /** The lines as written, CRLF-terminated: the format's own line ends. */
  readonly lines: readonly string[];
  /** The calendar's own properties (VERSION, PRODID, METHOD…). */
  readonly calendar: ReadonlyMap<string, CalendarProperty>;
  readonly events: readonly ReadonlyMap<string, CalendarProperty>[];
}

export function readCalendar(ics: string): ReadCalendar {
  if (!ics.endsWith("\r\n")) throw new Error("an iCalendar file's lines end with CRLF");
  const lines = ics.slice(0, -2).split("\r\n");
  // A folded line goes on on the next, which starts with one space or tab.
  const unfolded = ics.replace(/\r\n[ \t]/g, "").slice(0, -2).split("\r\n");
  const calendar = new Map<string, CalendarProperty>();
  const events: Map<string, CalendarProperty>[] = [];
  let event: Map<string, CalendarProperty> | undefined;
  for (const line of unfolded) {
    if (line === "BEGIN:VEVENT") event = new Map();
    else if (line === "END:VEVENT" && event) {
      events.push(event);
      event = undefined;
    } else if (!line.startsWith("BEGIN:") && !line.startsWith("END:")) {
      const [name, property] = propertyOf(line);
      (event ?? calendar).set(name, property);
    }
  }
  return { lines, calendar, events };
}

function propertyOf(line: string): [string, CalendarProperty] {
  const colon = line.indexOf(":");
  if (colon === -1) throw new Error(`"${line}" is no property`);
  const [name, ...params] = line.slice(0, colon).split(";");
  const raw = line.slice(colon + 1);
  const text = raw.replace(/\\([\\;,nN])/g, (_, escaped: string) => (escaped.toLowerCase() === "n" ? "\n" : escaped));
  return [name!, { params, raw, text }];
}

/** The one event of a file that has one; a test fails on any other number. */
export function onlyEvent(ics: string): ReadonlyMap<string, CalendarProperty> {
  const { events } = readCalendar(ics);
  if (events.length !== 1) throw new Error(`the file has ${events.length} events, not one`);
  return events[0]!;
}
