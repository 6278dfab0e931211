import { notFound } from "~/screen.server";

/** No article exists yet, so every article path is missing: the 404 page says so. */
export function loader(): never {
  notFound();
}

export default function InspirationDetailScreen() {
  return null;
}
