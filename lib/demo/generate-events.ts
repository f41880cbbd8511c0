// The demo's payment.completed events, in time order and in batches (a million never sit in
// memory at once). Each event is what the worker would have left: processed when the terminal
// has an enabled credential, failed otherwise (no_matching_credential, credential_disabled),
// with its one worker attempt; the most recent ~1.5% are still pending, not yet picked up.
import type { DemoNetwork, DemoTerminal, IdAt } from "@/lib/demo/demo-model";
import { eventTimeline } from "@/lib/demo/event-timeline";
import { generateTransaction } from "@/lib/demo/generate-transaction";
import { SeededRandom } from "@/lib/demo/seeded-random";
import type { EventData, EventStatus } from "@/lib/events/data-schema";

export const EVENT_TYPE = "payment.completed";
export const PENDING_SHARE = 0.015;

export type DemoAttempt = {
  id: string;
  outcome: "processed" | "failed";
  failureReason: string | null;
  credentialId: string | null;
  trigger: "worker";
  startedAt: number;
  finishedAt: number;
};

export type DemoEvent = {
  id: string;
  type: typeof EVENT_TYPE;
  status: EventStatus;
  failureReason: string | null;
  data: EventData;
  createdAt: number;
  updatedAt: number;
  attempt: DemoAttempt | null;
};

/** Picks terminals in proportion to their weight: binary search over the running totals. */
function terminalPicker(random: SeededRandom, terminals: DemoTerminal[]): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (const t of terminals) {
    total += t.weight;
    cumulative.push(total);
  }
  return () => {
    const r = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

/** The worker's outcome for a terminal's event, and its one attempt. */
function processedBy(random: SeededRandom, terminal: DemoTerminal, createdAt: number, idAt: IdAt) {
  // The worker picks an event up within a second, and matching takes a few milliseconds.
  const startedAt = createdAt + Math.min(5_000, Math.round(random.logNormal(120, 0.8)));
  const finishedAt = startedAt + random.int(3, 40);
  const { match } = terminal;
  const failureReason =
    match.state === "enabled" ? null : match.state === "disabled" ? "credential_disabled" : "no_matching_credential";
  const attempt: DemoAttempt = {
    id: idAt(startedAt),
    outcome: failureReason ? "failed" : "processed",
    failureReason,
    credentialId: match.credential?.id ?? null,
    trigger: "worker",
    startedAt,
    finishedAt,
  };
  return { status: attempt.outcome, failureReason, attempt, updatedAt: finishedAt };
}

export function* generateDemoEvents(
  network: DemoNetwork,
  options: { seed: number; count: number; now: number; idAt: IdAt; batchSize?: number },
): Generator<DemoEvent[]> {
  if (network.terminals.length === 0) return;
  const root = new SeededRandom(options.seed);
  const random = root.fork("events");
  const pick = terminalPicker(root.fork("terminal-choice"), network.terminals);
  const sequences = network.terminals.map((t) => t.firstSequence);
  const firstPending = options.count - Math.round(options.count * PENDING_SHARE);
  const batchSize = options.batchSize ?? 5_000;
  let batch: DemoEvent[] = [];
  let index = 0;

  for (const createdAt of eventTimeline(root.fork("timeline"), { count: options.count, now: options.now })) {
    const t = pick();
    const terminal = network.terminals[t]!;
    const sequence = ++sequences[t]!;
    const data = generateTransaction(random, terminal, createdAt, sequence);
    const outcome =
      index >= firstPending
        ? { status: "pending" as const, failureReason: null, attempt: null, updatedAt: createdAt }
        : processedBy(random, terminal, createdAt, options.idAt);
    batch.push({ id: options.idAt(createdAt), type: EVENT_TYPE, createdAt, data, ...outcome });
    index++;
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
