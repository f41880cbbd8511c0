// A statement's bytes as lines, read as they arrive: LF or CRLF endings (the last line may have
// none), each line's bytes handed over whole, the file's sha256 and size counted on the way. A
// line longer than MAX_LINE_BYTES is cut there and reported as such (no statement has one; a file
// without line breaks must not be gathered into memory). A UTF-8 byte order mark opening the file
// (Excel's "CSV UTF-8" writes one) is not part of its first line, for every format: the format's
// detection and its parser read the first line without it (the sha256 still covers it). Pure.
import { createHash } from "node:crypto";

export const MAX_LINE_BYTES = 64 * 1024;

/** EF BB BF: U+FEFF in UTF-8. */
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export type StatementLine = { number: number; bytes: Buffer; tooLong: boolean };

export type LineReading = {
  lines: AsyncGenerator<StatementLine>;
  /** Bytes read so far. */
  bytesRead(): number;
  /** The sha256 (hex) of every byte read; call after the lines are done. */
  sha256(): string;
};

export function readStatementLines(chunks: AsyncIterable<Uint8Array>): LineReading {
  const hash = createHash("sha256");
  let bytes = 0;
  async function* lines(): AsyncGenerator<StatementLine> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let number = 0;
    let tooLong = false;
    const take = (tail: Buffer): StatementLine => {
      let line = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
      pending = [];
      pendingBytes = 0;
      if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
      if (number === 0 && line.subarray(0, UTF8_BOM.length).equals(UTF8_BOM)) line = line.subarray(UTF8_BOM.length);
      const result = { number: ++number, bytes: line, tooLong };
      tooLong = false;
      return result;
    };
    for await (const chunk of chunks) {
      const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      hash.update(buffer);
      bytes += buffer.length;
      let start = 0;
      for (let end = buffer.indexOf(0x0a, start); end !== -1; end = buffer.indexOf(0x0a, start)) {
        yield take(buffer.subarray(start, end));
        start = end + 1;
      }
      if (start < buffer.length && !tooLong) {
        const rest = buffer.subarray(start);
        if (pendingBytes + rest.length > MAX_LINE_BYTES) {
          tooLong = true;
          pending = [];
          pendingBytes = 0;
        } else {
          // Copied: the chunk's memory may be reused by the stream.
          pending.push(Buffer.from(rest));
          pendingBytes += rest.length;
        }
      }
    }
    if (pendingBytes > 0 || tooLong) yield take(Buffer.alloc(0));
  }
  return { lines: lines(), bytesRead: () => bytes, sha256: () => hash.digest("hex") };
}
