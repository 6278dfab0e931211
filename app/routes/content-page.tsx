import { notFound } from "~/screen.server";

/**
 * The catch-all content page (SPEC §2). The content store holds no free-standing pages yet,
 * so every path that reaches it is unknown and answers the 404 page.
 */
export function loader(): never {
  notFound();
}

export default function ContentPageScreen() {
  return null;
}
