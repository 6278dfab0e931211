import { createRequestHandler } from "@remix-run/express";
import express from "express";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Serves the built naive app the way Remix's Express template does in production: the built assets as static files,
 * every other request to Remix with the build object. `npm run bench` starts it with NODE_ENV=production and PORT.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(here, "build/server/index.js"));

const app = express();
app.disable("x-powered-by");
app.use("/build", express.static(path.join(here, "build/public"), { immutable: true, maxAge: "1y" }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));
app.listen(Number(process.env.PORT), "127.0.0.1");
