"use client";

// Signs in with the portal link's one-time token (the URL's fragment, removed from the address
// bar at once so it is not left in history), then opens the portal's start page. A used, expired
// or revoked link says so; nothing else can be done with it.
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";

export function PortalEntry() {
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = window.location.hash.slice(1);
    window.history.replaceState(null, "", window.location.pathname);
    if (!token) return setFailed(true);
    void signIn("portal-session", { token, redirect: false }).then((result) => {
      if (result?.ok && !result.error) {
        router.replace("/events");
        router.refresh();
      } else setFailed(true);
    });
  }, [router]);
  return failed ? (
    <Alert tone="danger" title="This portal link cannot be used">
      It was already used, has expired or was revoked. Ask for a new link.
    </Alert>
  ) : (
    <p role="status" className="text-center text-sm text-(--fg-muted)">
      Opening the portal…
    </p>
  );
}
