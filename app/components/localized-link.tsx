import { Link, type LinkProps } from "@remix-run/react";
import { localizedPath, type RouteParams, type ScreenId } from "~/route-table";
import { useShop } from "~/shop-data";

type LocalizedLinkProps = Omit<LinkProps, "to"> & { to: ScreenId; params?: RouteParams };

/** A link to a screen in the current locale; paths come only from the route table. */
export function LocalizedLink({ to, params, ...props }: LocalizedLinkProps) {
  const { locale, site } = useShop();
  return <Link to={localizedPath(to, locale, site.defaultLocale, params)} prefetch="intent" {...props} />;
}
