-- Whether staff (an admin or an operator) set a webhook endpoint's URL last, rather than a merchant
-- account. WEBHOOK_ALLOWED_ADDRESSES is the operators' tool for their own receivers: it serves
-- only URLs staff set (lib/webhooks/address-policy.ts, endpointPolicy); a URL a merchant account
-- set is held to public addresses, at creation and at connect time. Otherwise a merchant account
-- pointed endpoints at every port of an allow-listed host (127.0.0.1) and told open ports from
-- closed ones by the error classes of its test sends.
-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "url_set_by_staff" BOOLEAN NOT NULL DEFAULT true;

-- Written by hand from here.
-- Existing endpoints: whoever set the URL last, as the audit trail tells (the create, or the last
-- change of the URL). Its actor is a merchant account (users.role) or a portal session (whose
-- caller id is the session's). An endpoint without such an entry (rows written straight to the
-- database) keeps the default, the meaning every endpoint had before.
UPDATE "webhook_endpoints" w SET "url_set_by_staff" = false
FROM (
  SELECT DISTINCT ON (a.target_id) a.target_id, a.actor_id
  FROM "audit_log" a
  WHERE a.action = 'webhook_endpoint.create'
     OR (a.action = 'webhook_endpoint.update' AND a.before->>'url' IS DISTINCT FROM a.after->>'url')
  ORDER BY a.target_id, a.created_at DESC, a.id DESC
) last_set
WHERE w.id = last_set.target_id
  AND (EXISTS (SELECT 1 FROM "users" u WHERE u.id = last_set.actor_id AND u.role::text = 'merchant')
    OR EXISTS (SELECT 1 FROM "portal_sessions" p WHERE p.id = last_set.actor_id));
