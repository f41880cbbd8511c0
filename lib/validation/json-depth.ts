// How deeply a JSON text nests, counted by one linear scan of its characters: no recursion, so
// a hostile `[[[[...` of 64 KiB costs a loop, not a stack. The body reader refuses a text over
// MAX_JSON_DEPTH before JSON.parse and before any recursive walk (the NUL check, zod, Prisma).

import { endOfJsonString } from "@/lib/validation/json-strings";

/** Far above any real body (a notification nests 3 levels) and far below any stack limit. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in `text`, ignoring brackets inside strings. */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = endOfJsonString(text, i);
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
