// Group commit: concurrent callers' writes made as one statement. A write starts at once when none
// is in flight (an idle server adds no wait); what arrives while one is in flight waits for it to
// return and then goes together, up to maxGroup. Each caller's promise settles only when the
// write holding its item has returned (committed), with its own result. When a group's write
// fails, each of its items is written alone, so a bad item fails only its own caller.
// Traced (options.trace, when tracing is on), a group's statement is shared by several requests'
// traces, so it belongs to none of them: each caller gets a span of its own, from submission to
// commit (its wait included), linked to the group's span; the group's span is the root of a trace
// of its own, holds the statement's span and links back to every caller (the batch pattern of
// OpenTelemetry's messaging conventions).
import { inSpan, type Span, SpanKind, startSpan } from "@/lib/tracing/trace";

export type GroupWrite<I, O> = (items: I[]) => Promise<O[]>;

export type GroupCommit<I, O> = {
  /** Resolves with the item's result once the write that holds it has returned. */
  submit: (item: I) => Promise<O>;
};

type Waiting<I, O> = { item: I; resolve: (result: O) => void; reject: (error: unknown) => void; span?: Span };

/**
 * write: gets the items of a group in submission order, returns one result per item, in order.
 * trace: the statement's name (for the spans), when tracing is on.
 */
export function groupCommit<I, O>(
  write: GroupWrite<I, O>,
  options: { maxGroup: number; maxInFlight?: number; trace?: string },
): GroupCommit<I, O> {
  const queue: Waiting<I, O>[] = [];
  const maxInFlight = options.maxInFlight ?? 1;
  let inFlight = 0;

  // With tracing off, write itself: no span, no closure.
  const tracedWrite = (group: Waiting<I, O>[]): Promise<O[]> => {
    if (!group[0]?.span) return write(group.map((w) => w.item));
    const links = group.flatMap((w) => (w.span ? [{ context: w.span.spanContext() }] : []));
    const attributes = { "db.operation.batch.size": group.length };
    return inSpan(`group commit ${options.trace}`, { root: true, links, attributes }, (groupSpan) => {
      for (const w of group) {
        w.span?.setAttributes(attributes);
        if (groupSpan) w.span?.addLink({ context: groupSpan.spanContext() });
      }
      return write(group.map((w) => w.item));
    });
  };

  async function writeGroup(group: Waiting<I, O>[]): Promise<void> {
    let results: O[];
    try {
      results = await tracedWrite(group);
      if (results.length !== group.length) throw new Error(`group write answered ${results.length} of ${group.length}`);
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      // Nothing of the group was written (one statement): each item again on its own.
      await Promise.all(group.map((w) => writeGroup([w])));
      return;
    }
    for (const [i, w] of group.entries()) w.resolve(results[i]!);
  }

  function flush(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      const group = queue.splice(0, options.maxGroup);
      inFlight++;
      void writeGroup(group).finally(() => {
        inFlight--;
        flush();
      });
    }
  }

  return {
    submit: (item) =>
      new Promise<O>((resolve, reject) => {
        const span = options.trace
          ? startSpan(`${options.trace} (grouped)`, {
              kind: SpanKind.CLIENT,
              attributes: { "db.system.name": "postgresql", "db.operation.name": options.trace },
            })
          : undefined;
        if (!span) queue.push({ item, resolve, reject });
        else
          queue.push({
            item,
            span,
            resolve: (result) => {
              span.end();
              resolve(result);
            },
            reject: (error) => {
              span.recordException(error as Error);
              span.end();
              reject(error);
            },
          });
        flush();
      }),
  };
}
