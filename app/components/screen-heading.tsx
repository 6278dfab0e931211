import { useLoaderData } from "@remix-run/react";

/** The screen's title as its one <h1>; later issues fill the screens below it. */
export function ScreenHeading() {
  const { title } = useLoaderData<{ title: string }>();
  return <h1>{title}</h1>;
}
