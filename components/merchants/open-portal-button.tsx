"use client";

// "Open the portal as this merchant": asks the API for a portal session (one-time URL, minutes
// long, audited) and opens it in a new tab. Where the link is used it signs in as the portal
// session, not as the operator: what it shows is exactly what the merchant's own account would
// see. In this browser the operator is signed in, so the tab leaves the link unused and shows it
// to be opened in a private window (components/auth/portal-entry.tsx): one browser holds one session.
import { useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { Button } from "@/components/ui/button";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";

type PortalSession = { id: string; url: string; expiresAt: string };

export function OpenPortalButton({ merchantId }: { merchantId: string }) {
  const [pending, setPending] = useState(false);
  const submit = useApiSubmit();
  async function open() {
    // Opened before the request, while the click still counts as a user gesture (no popup blocker).
    const tab = window.open("about:blank", "_blank");
    setPending(true);
    try {
      const session = await submit<PortalSession>(`/v1/merchants/${merchantId}/portal-sessions`, { method: "POST", body: {} });
      if (tab) {
        tab.opener = null;
        tab.location.href = session.url;
      } else window.location.assign(session.url);
    } catch (error) {
      tab?.close();
      showToast({
        title: "The portal did not open",
        description: error instanceof ApiRequestError ? error.message : undefined,
        tone: "danger",
      });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="secondary" onClick={() => void open()} disabled={pending}>
      {pending ? "Opening…" : "Open the portal as this merchant"}
    </Button>
  );
}
