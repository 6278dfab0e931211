/**
 * A Prometheus scrape read as a test reads it: the value of the series of `name` whose labels include `labels`, in
 * whatever order the text lists them; undefined when there is none.
 */
export function sampleOf(scrape: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of scrape.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value])
    );
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}
