// XIDs for demo rows, stamped with the row's own creation time (not the load's), so ids sort
// like the rows' createdAt, as they would had the rows been made over those 30 days. Unique by
// the XID's counter: loading one seed twice makes new ids (the generator seeds data, not ids).
import { newState, Xid } from "xid-ts";
import type { IdAt } from "@/lib/demo/demo-model";

export function timedXidFactory(): IdAt {
  const state = newState();
  return (ms) => Xid.newWithTime(ms / 1000, state).toString();
}
