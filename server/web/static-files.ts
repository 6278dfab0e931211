import path from "node:path";
import express, { Router } from "express";
import { messageAssetsFolder, messageAssetsUrlPath } from "./message-assets";
import { answeredAs } from "./request-log";

/**
 * The files the pages load: the browser's message catalogues and the Remix build's assets, fingerprinted and so kept
 * for a year, and the rest of public/ (logos, legal PDFs, voucher designs, favicon) for an hour.
 */
export function staticFiles(): Router {
  const router = Router();
  // Fingerprinted build assets never change under the same name.
  const fingerprinted = { immutable: true, maxAge: "1y", index: false } as const;
  router.use(messageAssetsUrlPath, answeredAs("static", express.static(messageAssetsFolder, fingerprinted)));
  router.use("/build", answeredAs("static", express.static(path.resolve("public/build"), fingerprinted)));
  const publicFiles = answeredAs("static", express.static(path.resolve("public"), { maxAge: "1h", index: false }));
  // Only a path with a file extension can name a file there: a page's path would cost a failed file lookup.
  router.use((req, res, next) => (namesAFile(req.path) ? publicFiles(req, res, next) : next()));
  return router;
}

/** Only a path with a file extension names a file: a page's path never has one. */
export function namesAFile(urlPath: string): boolean {
  return /\.\w+$/.test(urlPath);
}
