// The end of a JSON string token, found with indexOf instead of a character loop: the linear
// scans of a body (json-depth.ts, json-members.ts) spend most of their characters inside
// strings, and a loop over them cost more than JSON.parse of the same body (measured in a CPU profile of the server).

const QUOTE = '"';
const BACKSLASH = 0x5c;

/**
 * The index of the quote that closes the string opened at `start` (a quote), or text.length
 * when it is never closed. A quote preceded by an odd number of backslashes is escaped.
 */
export function endOfJsonString(text: string, start: number): number {
  let i = start;
  for (;;) {
    i = text.indexOf(QUOTE, i + 1);
    if (i < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
}
