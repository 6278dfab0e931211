import { describe, expect, it } from "vitest";
import { renderedParts } from "./rendered-parts.server";

/** The chunks a stream hands on, as text, once it ended: each `data` event, as Remix's web stream takes them. */
function chunksOf(stream: NodeJS.ReadableStream): Promise<string[]> {
  const chunks: string[] = [];
  return new Promise((resolve, reject) => {
    stream.on("data", (chunk) => chunks.push(String(chunk)));
    stream.on("end", () => resolve(chunks));
    stream.on("error", reject);
  });
}

describe("renderedParts: React's writes handed on a part at a time", () => {
  it("hands on what was written before each flush() as one chunk, and the rest at the end", async () => {
    const parts = renderedParts();
    const chunks = chunksOf(parts);
    parts.write("<html><head>");
    parts.write("</head><body>");
    parts.flush();
    parts.write("<p>deferred</p>");
    parts.flush();
    parts.flush();
    parts.write("</body>");
    parts.end("</html>");
    expect(await chunks).toEqual(["<html><head></head><body>", "<p>deferred</p>", "</body></html>"]);
  });

  it("ends with an error when React gives up on the page", async () => {
    const parts = renderedParts();
    const chunks = chunksOf(parts);
    parts.write("<html>");
    parts.destroy(new Error("the render failed"));
    await expect(chunks).rejects.toThrow("the render failed");
  });
});
