// Migration *_webhook_url_set_by_staff: existing endpoints learn who set their URL last from the
// audit trail (the create, or the last update that changed the URL). A merchant account or a
// portal session makes it the merchant's (the allow-list no longer serves it); staff, or no
// entry at all (rows written straight to the database), keep it staff's, as every URL was before.
import { describe, expect, it } from "vitest";
import { databaseBeforeMigration } from "../support/migration-test";

const MIGRATION = "20261127155622_webhook_url_set_by_staff";

let entries = 0;

/** An audit entry of the endpoint, `minutes` after a fixed start, by the actor. */
async function audit(endpointId: string, actorId: string, minutes: number, action: string, before: string | null, after: string) {
  await db.query(
    `INSERT INTO audit_log (id, actor_id, actor_username, action, target_type, target_id, before, after, created_at)
     VALUES ($1, $2, 'someone', $3, 'webhook_endpoint', $4, $5::jsonb, $6::jsonb, '2026-11-01T00:00:00Z'::timestamptz + $7 * interval '1 minute')`,
    [
      `a${String(++entries).padStart(19, "0")}`,
      actorId,
      `webhook_endpoint.${action}`,
      endpointId,
      before === null ? null : JSON.stringify({ url: before, description: "" }),
      JSON.stringify({ url: after, description: action === "update" && before === after ? "changed" : "" }),
      minutes,
    ],
  );
}

const db = databaseBeforeMigration(MIGRATION, async () => {
  await db.exec(`
    INSERT INTO merchants (id, name, tax_id, updated_at) VALUES ('m0000000000000000001', 'Merchant', '00000000000001', now());
    INSERT INTO users (id, username, password_hash, role, updated_at)
      VALUES ('u0000000000000000001', 'operator', 'x', 'operator', now());
    INSERT INTO users (id, username, password_hash, role, merchant_id, updated_at)
      VALUES ('u0000000000000000002', 'merchant', 'x', 'merchant', 'm0000000000000000001', now());
    INSERT INTO portal_sessions (id, merchant_id, token_hash, link_expires_at, expires_at, created_by)
      VALUES ('p0000000000000000001', 'm0000000000000000001', repeat('0', 64), now(), now(), 'operator');
  `);
  for (let i = 1; i <= 7; i++)
    await db.query(
      `INSERT INTO webhook_endpoints (id, merchant_id, url, secret_ciphertext, secret_key_version)
       VALUES ($1, 'm0000000000000000001', 'http://127.0.0.1:8443/h', '\\x00', 1)`,
      [`w000000000000000000${i}`],
    );
  const [operator, merchant, portal] = ["u0000000000000000001", "u0000000000000000002", "p0000000000000000001"];
  const url = "http://127.0.0.1:8443/h";
  const other = "http://127.0.0.1:5432/h";
  // 1: created by an operator.
  await audit("w0000000000000000001", operator, 1, "create", null, url);
  // 2: created by the merchant account.
  await audit("w0000000000000000002", merchant, 1, "create", null, url);
  // 3: created by an operator, its URL changed by the merchant account.
  await audit("w0000000000000000003", operator, 1, "create", null, other);
  await audit("w0000000000000000003", merchant, 2, "update", other, url);
  // 4: created by the merchant account, its URL changed by an operator.
  await audit("w0000000000000000004", merchant, 1, "create", null, other);
  await audit("w0000000000000000004", operator, 2, "update", other, url);
  // 5: created by an operator; the merchant account changed something else.
  await audit("w0000000000000000005", operator, 1, "create", null, url);
  await audit("w0000000000000000005", merchant, 2, "update", url, url);
  // 6: created in a portal session.
  await audit("w0000000000000000006", portal, 1, "create", null, url);
  // 7: no audit entry.
  await db.migrate({ only: MIGRATION });
});

describe(MIGRATION, () => {
  it("makes the URL the merchant's where a merchant account or portal session set it last", async () => {
    const rows = await db.query<{ id: string; url_set_by_staff: boolean }>(
      "SELECT id, url_set_by_staff FROM webhook_endpoints ORDER BY id",
    );
    expect(rows.map((r) => [r.id.slice(-1), r.url_set_by_staff])).toEqual([
      ["1", true],
      ["2", false],
      ["3", false],
      ["4", true],
      ["5", true],
      ["6", false],
      ["7", true],
    ]);
  });
});
