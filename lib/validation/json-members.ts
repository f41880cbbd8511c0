// Duplicate member names in JSON objects, found by one linear scan of the text. JSON.parse keeps
// the last of `{"role":"viewer","role":"admin"}`, another parser the first: such an object is
// ambiguous, and I-JSON (RFC 7493, section 2.3) forbids it, so the body reader refuses it.
// No recursion: a stack of open containers, at most MAX_JSON_DEPTH deep because the body reader
// refuses deeper texts first, and each key decoded once (JSON.parse of a token holding an escape,
// so "\u0061" and "a" are the same name).

import type { FieldError } from "@/lib/errors";
import { endOfJsonString } from "@/lib/validation/json-strings";

export const DUPLICATE_MEMBER_MESSAGE =
  "is given more than once in the same object (duplicate member names are ambiguous: RFC 7493)";

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** An open object (its member names so far and the current one) or array (the current index). */
type Container = { names: Set<string> | null; key: string; index: number };

const segment = (c: Container) => (c.names ? c.key : String(c.index));

/**
 * The path (keys and array indices) of every member whose name its object already holds, in
 * text order. `text` must be valid JSON nested at most MAX_JSON_DEPTH levels (the body reader
 * parses and checks it first).
 */
export function duplicateMemberPaths(text: string): string[][] {
  const found: string[][] = [];
  const open: Container[] = [];
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      i = endOfJsonString(text, start);
      const top = open[open.length - 1];
      if (!expectingKey || !top?.names) continue;
      expectingKey = false;
      // A key without an escape is its own text: JSON.parse is needed only to decode escapes
      // (it was one call per member of every body, the scan's main cost).
      const raw = text.slice(start + 1, i);
      top.key = raw.includes("\\") ? (JSON.parse(text.slice(start, i + 1)) as string) : raw;
      if (top.names.has(top.key)) found.push(open.map(segment));
      else top.names.add(top.key);
    } else if (c === OPEN_OBJECT) {
      open.push({ names: new Set(), key: "", index: 0 });
      expectingKey = true;
    } else if (c === OPEN_ARRAY) {
      open.push({ names: null, key: "", index: 0 });
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      open.pop();
      expectingKey = false;
    } else if (c === COMMA) {
      const top = open[open.length - 1];
      if (top?.names) expectingKey = true;
      else if (top) top.index++;
    }
  }
  return found;
}

/** Field errors naming each duplicated member by its dotted path. */
export const duplicateMemberErrors = (paths: string[][]): FieldError[] =>
  paths.map((path) => ({ field: path.join("."), message: DUPLICATE_MEMBER_MESSAGE }));
