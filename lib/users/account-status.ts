// A user's current state as the access tokens are judged against it (lib/auth/access-token-caller.ts):
// disabled, the credentials epoch, a pending forced password change and the merchant. Read at most
// once per user per ACCOUNT_STATUS_TTL_MS, and forgotten at once when a user changes here, or on
// every instance by the change's NOTIFY (account-change-listener.ts). Beside the users' writes
// that forget it, so the users' domain does not reach up into sign-in.
import "server-only";
import { sql } from "@/lib/db/client";
import { followAccountChanges } from "@/lib/users/account-change-listener";

export const ACCOUNT_STATUS_TTL_MS = 10_000;
const MAX_CACHED = 10_000;

export type AccountStatus = {
  disabled: boolean;
  epochMs: number;
  passwordChangeRequired: boolean;
  merchantId: string | null;
  readAt: number;
};
const accountStatuses = new Map<string, AccountStatus>();
// Counts the forgets: a state read while one happened may predate the change, so it is not kept.
let forgets = 0;
const thisCache = { forget: forgetAccountStatus, forgetAll: forgetAllAccountStatuses };

// One read per user at a time: a burst of requests from a user whose state is not cached (a cold
// start, a forget) shares the read in flight instead of each taking a pool connection for it (200
// at once exhausted the pool's connection timeout). A read that began before a forget is not shared.
const readsInFlight = new Map<string, { forgetsAtStart: number; read: Promise<AccountStatus | undefined> }>();

export async function accountStatus(userId: string): Promise<AccountStatus | undefined> {
  const hit = accountStatuses.get(userId);
  if (hit && Date.now() - hit.readAt < ACCOUNT_STATUS_TTL_MS) return hit;
  const inFlight = readsInFlight.get(userId);
  if (inFlight && inFlight.forgetsAtStart === forgets) return inFlight.read;
  const read = readAccountStatus(userId);
  const entry = { forgetsAtStart: forgets, read };
  readsInFlight.set(userId, entry);
  try {
    return await read;
  } finally {
    if (readsInFlight.get(userId) === entry) readsInFlight.delete(userId);
  }
}

async function readAccountStatus(userId: string): Promise<AccountStatus | undefined> {
  followAccountChanges(thisCache);
  const forgetsBefore = forgets;
  const [row] = (await sql({
    name: "access_token_account_status",
    text:
      "SELECT disabled, (extract(epoch FROM credentials_epoch) * 1000)::bigint::text AS epoch_ms, " +
      "password_change_required, merchant_id FROM users WHERE id = $1",
    values: [userId],
  })) as { disabled: boolean; epoch_ms: string; password_change_required: boolean; merchant_id: string | null }[];
  if (!row) return undefined;
  const status = {
    disabled: row.disabled,
    epochMs: Number(row.epoch_ms),
    passwordChangeRequired: row.password_change_required,
    merchantId: row.merchant_id,
    readAt: Date.now(),
  };
  if (accountStatuses.size >= MAX_CACHED) accountStatuses.clear();
  if (forgets === forgetsBefore) accountStatuses.set(userId, status);
  return status;
}

/** After a change to a user on this instance: its tokens are judged afresh from the next request. */
export function forgetAccountStatus(userId: string): void {
  forgets++;
  accountStatuses.delete(userId);
}

/** When changes may have been missed (the listener's connection was lost or reopened). */
export function forgetAllAccountStatuses(): void {
  forgets++;
  accountStatuses.clear();
}
