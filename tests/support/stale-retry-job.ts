// A bulk retry job left behind by an instance that stopped: running, of the events of one MID,
// its lease expired at `expiredAt` (the jobs' lease and resume tests start from one).
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

export function staleRetryJob(options: { mid: string; total: number; expiredAt: Date }) {
  const filters = { acquirer_merchant_id: options.mid };
  return db().eventRetryJob.create({
    data: {
      id: newId(),
      filters,
      filterKey: JSON.stringify(filters),
      total: options.total,
      capped: false,
      createdBy: "operator-gone",
      createdAt: options.expiredAt,
      leasedBy: "stopped-instance",
      leaseUntil: options.expiredAt,
    },
  });
}
