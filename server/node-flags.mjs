/**
 * Node's own flags for the shop's server process (decision 024), for `npm start`, the container (the Dockerfile's
 * NODE_OPTIONS says the same, and a test holds them equal) and the bench, which measures what production runs.
 *
 * A page allocates much and keeps little: after a full collection the web tier holds about 32 MB. With Node's
 * defaults V8 nonetheless grew the heap under load until the web process held 280 MB. A young generation twice
 * the default (32 MB semi-spaces) lets a page's garbage die young instead of being promoted while its request is in
 * flight, and a limit on the old generation makes V8 size its heap by what is alive: 180 MB after load, at the same
 * throughput. 256 MB leaves the api and the worker (documents, QR codes) eight times what they keep.
 */
export const nodeFlags = ["--max-semi-space-size=32", "--max-old-space-size=256"];
