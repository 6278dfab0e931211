import { createServer } from "node:http";

/** The bare `node:http` hello server of `npm run bench`: what one core can answer at all, the ceiling for any page. */
createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/plain" });
  response.end("hello");
}).listen(Number(process.env.PORT), "127.0.0.1");
