/**
 * Puts the redaction step in front of a process's console: every chunk written to stdout and stderr
 * (vitest's reporters, the worker's console forwarded to the main thread, the probe's own lines) is
 * redacted before it reaches the terminal or a CI log. A secret split between two writes leaves at most
 * 7 characters on either side, as every fragment of 8 or more is redacted wherever it is.
 */
import type { Redactor } from './redactor.js';

type Write = NodeJS.WriteStream['write'];

/** Wraps the streams' `write`; gives a function that puts the originals back. */
export function guardConsole(redactor: Redactor, streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): () => void {
  const originals = streams.map((stream) => stream.write);
  streams.forEach((stream, i) => {
    const original = originals[i]!;
    const guarded = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8';
      const text =
        typeof chunk === 'string'
          ? chunk
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk).toString(encoding === 'utf8' ? 'utf8' : 'latin1')
            : String(chunk);
      const safe = redactor.redact(text);
      // Hand the original its own arguments when nothing changed (keeps binary output byte for byte).
      return (original as (...args: unknown[]) => boolean).call(
        this,
        safe === text ? chunk : safe,
        ...(safe === text ? rest : rest.filter((a) => typeof a === 'function')),
      );
    } as Write;
    stream.write = guarded;
  });
  return () => {
    streams.forEach((stream, i) => {
      stream.write = originals[i]!;
    });
  };
}
