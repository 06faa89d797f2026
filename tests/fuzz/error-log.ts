import { Writable } from 'node:stream';

/** The app's error lines, kept so that a 500 is reported with the error behind it. */
export function captureErrorLog(keep = 20) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk).trim());
      if (lines.length > keep) lines.shift();
      done();
    },
  });
  return {
    logger: { level: 'error', stream },
    /** The lines written since the last call. */
    take: () => lines.splice(0),
  };
}
