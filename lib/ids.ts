// Identifiers: XIDs (12 bytes, 20 characters of [0-9a-v]), sortable by creation time.
import { Xid } from "xid-ts";

export function newId(): string {
  return new Xid().toString();
}

export const XID_PATTERN = /^[0-9a-v]{20}$/;
