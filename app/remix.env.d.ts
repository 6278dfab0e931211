/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "react";

declare module "react" {
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    /**
     * The image's fetch priority, written as the HTML attribute: React 18 knows no `fetchPriority` prop (React 19
     * does) and passes the lowercase attribute through as it is.
     */
    fetchpriority?: "high" | "low" | "auto";
  }
}
