import { Transform } from "node:stream";

/**
 * Where React's stream writes a page: each part React completes (the shell, then each deferred part) passed on as one
 * chunk. React writes a part in views of 2 KB and, done with it, calls the destination's `flush()`, as compression
 * streams have one (react-dom-server's flushBuffered). Passed on as written, a 60 KB page was some thirty chunks, and
 * each cost a read of Remix's web stream, a `write` on the socket and, with Remix's `res.flush()` after every chunk, a
 * flush of the gzip or brotli stream, which also compressed the page worse. Kept until React's `flush()`, they go as
 * one, when React would have them go (decision 061).
 */
export function renderedParts(): Transform & { flush(): void } {
  let written: Buffer[] = [];
  const take = () => {
    const part = written.length === 1 ? written[0] : Buffer.concat(written);
    written = [];
    return part;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      written.push(chunk);
      callback();
    },
    // The end of the stream: whatever React wrote after its last flush().
    flush(callback) {
      callback(null, written.length > 0 ? take() : undefined);
    },
  });
  return Object.assign(stream, {
    flush() {
      if (written.length > 0) stream.push(take());
    },
  });
}
