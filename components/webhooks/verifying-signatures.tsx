// How a receiver checks a delivery's signature: with the standardwebhooks package, and by hand.
// Static text (the same for staff and for a merchant's portal); the algorithm is lib/webhooks/signing.ts's.
import { Card, CardHeader } from "@/components/ui/card";
import { PageShell } from "@/components/ui/page-header";

const WITH_PACKAGE = `import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.WEBHOOK_SECRET); // "whsec_…", shown once when the endpoint was made or rotated

// In your handler: the raw body, exactly as received (do not parse and re-serialise it first).
const event = wh.verify(rawBody, {
  "webhook-id": request.headers["webhook-id"],
  "webhook-timestamp": request.headers["webhook-timestamp"],
  "webhook-signature": request.headers["webhook-signature"],
}); // throws when the signature is wrong or the timestamp is more than 5 minutes away`;

const BY_HAND = `import { createHmac, timingSafeEqual } from "node:crypto";

function verify(secret, headers, rawBody) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // replayed or delayed
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  // During a rotation the header holds two signatures, space-separated: accept either.
  return headers["webhook-signature"].split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

function Code({ children }: { children: string }) {
  // Wrapped rather than scrolled sideways: no scrolling region for a keyboard to reach.
  return (
    <pre className="rounded-md bg-(--surface-muted) p-4 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap">
      {children}
    </pre>
  );
}

/** The whole page: its header, then what a delivery carries and two ways to check it. */
export function VerifyingSignatures() {
  return (
    <PageShell
      title="Verifying signatures"
      description="Every delivery is signed as Standard Webhooks specifies: check it before trusting the body."
    >
      <div className="space-y-6 text-sm leading-relaxed">
        <Card>
          <CardHeader title="What each delivery carries" />
          <div className="space-y-2 px-5 py-4">
            <p>
              A <code>POST</code> with a JSON body and three headers: <code>webhook-id</code> (the same on every attempt of one
              delivery: use it to ignore duplicates), <code>webhook-timestamp</code> (seconds since 1970) and{" "}
              <code>webhook-signature</code>: <code>v1,</code> then the base64 HMAC-SHA256 of{" "}
              <code>{"{webhook-id}.{webhook-timestamp}.{body}"}</code>, keyed with the endpoint's secret without its{" "}
              <code>whsec_</code> prefix, base64-decoded.
            </p>
            <p>
              After “Rotate secret” the previous secret keeps signing for a while next to the new one, so the header holds two
              signatures: accept a delivery when either matches, and switch your receiver to the new secret in that time.
            </p>
            <p>Answer with any 2xx within a few seconds; anything else is retried with backoff.</p>
          </div>
        </Card>
        <Card>
          <CardHeader
            title="With the standardwebhooks package"
            description="npm install standardwebhooks (libraries exist for most languages)."
          />
          <div className="px-5 py-4">
            <Code>{WITH_PACKAGE}</Code>
          </div>
        </Card>
        <Card>
          <CardHeader title="By hand" description="Node.js; compare in constant time, and check the timestamp." />
          <div className="px-5 py-4">
            <Code>{BY_HAND}</Code>
          </div>
        </Card>
      </div>
    </PageShell>
  );
}
