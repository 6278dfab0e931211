import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * After a navigation made in the page (not the first load, and not a refused post, which stays on its path and
 * focuses its error summary), the cursor goes to the new screen's heading, and screen readers read it: a full page
 * load starts at the top, and this does the same for the shop's own navigations, which would leave the cursor on
 * `<body>` or on a link that is gone (WCAG 2.4.3).
 */
export function useFocusOnNewScreen() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const heading = document.querySelector<HTMLElement>("main h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * Puts the cursor back at the page's start when what had it was taken away (the consent banner, once answered): the
 * next Tab then reaches the skip link, as on a page just loaded, not whatever followed the part that is gone.
 */
export function focusPageStart() {
  const { body } = document;
  if (document.activeElement !== body) return;
  body.tabIndex = -1;
  body.focus({ preventScroll: true });
  body.addEventListener("blur", () => body.removeAttribute("tabindex"), { once: true });
}
