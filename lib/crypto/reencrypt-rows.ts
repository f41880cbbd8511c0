// The walk of a key rotation (credentials, webhook endpoint secrets): the rows not under the
// active key, in id order, a batch at a time; each is decrypted and written back by the caller
// only if nobody changed it meanwhile (a conditional update answers how many rows it wrote); an
// unreadable row is reported, not lost. Rows written drop out of the next read by themselves.
import "server-only";
import { activeKeyVersion } from "@/lib/crypto/secret-box";

export type ReencryptionReport = { reencrypted: number; unreadable: string[]; activeKeyVersion: number };

export async function reencryptRows<Row extends { id: string }>(options: {
  batchSize?: number;
  /** The next batch after `afterId` of the rows with a part under another key than `active`. */
  read: (batch: { afterId: string; take: number; active: number }) => Promise<Row[]>;
  /** Writes the row under the active key: the count written (0 if it changed meanwhile), or "unreadable". */
  reencrypt: (row: Row) => Promise<number | "unreadable">;
}): Promise<ReencryptionReport> {
  const active = activeKeyVersion();
  const report: ReencryptionReport = { reencrypted: 0, unreadable: [], activeKeyVersion: active };
  let afterId = "";
  for (;;) {
    const rows = await options.read({ afterId, take: options.batchSize ?? 500, active });
    if (rows.length === 0) return report;
    for (const row of rows) {
      const written = await options.reencrypt(row);
      if (written === "unreadable") report.unreadable.push(row.id);
      else report.reencrypted += written;
    }
    afterId = rows[rows.length - 1]!.id;
  }
}
