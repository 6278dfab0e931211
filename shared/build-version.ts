/**
 * New-version detection (SPEC §8): the browser names the build it runs on each of its data requests, and a web
 * server of another build answers a navigation with a reload of the whole document, so the visitor gets the new
 * build's scripts instead of old code reading new data.
 */
export const buildVersionHeader = "X-Shop-Build";
