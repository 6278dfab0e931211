import { Link, type LinkProps } from "@remix-run/react";
import { localizedPath, type RouteParams, type ScreenId } from "../../shared/route-table";
import { useShop } from "~/shop-data";

type LocalizedLinkProps = Omit<LinkProps, "to"> & {
  to: ScreenId;
  params?: RouteParams;
  search?: string;
  hash?: string;
};

/** A link to a screen in the current locale; paths come only from the route table. */
export function LocalizedLink({ to, params, search, hash, ...props }: LocalizedLinkProps) {
  const { locale, site } = useShop();
  const pathname = localizedPath(to, locale, site.defaultLocale, params);
  const target = {
    pathname,
    ...(search ? { search: `?${search}` } : {}),
    ...(hash ? { hash: `#${hash}` } : {}),
  };
  return <Link to={search || hash ? target : pathname} prefetch="intent" {...props} />;
}
