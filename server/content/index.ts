import type { Config } from "../config";
import type { ContentStore } from "./content-store";
import { markdownContentStore } from "./markdown-files";
import { strapiContentStore } from "./strapi-cms";

/** Where the embedded content lives; resolved from the working directory, as the migrations are. */
export const defaultContentFolder = "content";

/** The CMS when CMS_API_URL names one, else the repository's Markdown (DESIGN.md §6). */
export function createContentStore(config: Pick<Config, "cms">, folder = defaultContentFolder): ContentStore {
  return config.cms ? strapiContentStore(config.cms) : markdownContentStore(folder);
}
