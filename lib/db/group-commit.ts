// Group commit: concurrent callers' writes made as one statement. A write starts at once when none
// is in flight (an idle server adds no wait); what arrives while one is in flight waits for it to
// return and then goes together, up to maxGroup. Each caller's promise settles only when the
// write holding its item has returned (committed), with its own result. When a group's write
// fails, each of its items is written alone, so a bad item fails only its own caller.

export type GroupWrite<I, O> = (items: I[]) => Promise<O[]>;

export type GroupCommit<I, O> = {
  /** Resolves with the item's result once the write that holds it has returned. */
  submit: (item: I) => Promise<O>;
};

type Waiting<I, O> = { item: I; resolve: (result: O) => void; reject: (error: unknown) => void };

/** write: gets the items of a group in submission order, returns one result per item, in order. */
export function groupCommit<I, O>(
  write: GroupWrite<I, O>,
  options: { maxGroup: number; maxInFlight?: number },
): GroupCommit<I, O> {
  const queue: Waiting<I, O>[] = [];
  const maxInFlight = options.maxInFlight ?? 1;
  let inFlight = 0;

  async function writeGroup(group: Waiting<I, O>[]): Promise<void> {
    let results: O[];
    try {
      results = await write(group.map((w) => w.item));
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
        queue.push({ item, resolve, reject });
        flush();
      }),
  };
}
