// Request bodies a test feeds as a slow client sends them: the first part at once, then nothing
// until the test says (held), or a byte at a time (dribbled), or a break (the client went away).
// `taken` settles when the reader has taken everything given so far and asks for more: a real
// condition to wait on instead of a sleep. Also the statement files spooled by this process
// (lib/reconciliation/spooled-statement.ts), which a test expects to find none of afterwards.
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { SPOOL_PREFIX } from "@/lib/reconciliation/spooled-statement";

const encoder = new TextEncoder();

/** A body that sends `first`, then waits: end(rest) finishes it, fail() breaks it off. */
export function heldUpload(first: string) {
  let asked: () => void = () => {};
  const taken = new Promise<void>((resolve) => {
    asked = resolve;
  });
  let finish: (how: { rest: string } | { error: Error }) => void = () => {};
  const ending = new Promise<{ rest: string } | { error: Error }>((resolve) => {
    finish = resolve;
  });
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first));
    },
    async pull(controller) {
      asked();
      const how = await ending;
      if (state.cancelled) return;
      if ("error" in how) return controller.error(how.error);
      if (how.rest) controller.enqueue(encoder.encode(how.rest));
      controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return {
    body,
    taken,
    state,
    end: (rest = "") => finish({ rest }),
    fail: () => finish({ error: new Error("the client went away") }),
  };
}

/** A body that sends `first`, then one byte every `everyMs` for as long as it is read. */
export function dribbledUpload(first: string, everyMs: number) {
  const state = { cancelled: false, bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first));
    },
    async pull(controller) {
      // The pace of the client under test, not a wait for a condition.
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      if (state.cancelled) return;
      state.bytes++;
      controller.enqueue(encoder.encode("x"));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

/** The temporary statement files this process holds. */
export async function spooledStatements(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith(`${SPOOL_PREFIX}${process.pid}-`));
}
