"use client";

// Signs in with the portal link's one-time token (the URL's fragment, removed from the address
// bar at once so it is not left in history), then opens the portal's start page. A used, expired
// or revoked link says so; nothing else can be done with it.
//
// A browser keeps one session per site, and the portal's is that session: signing in here where
// someone is signed in to the console would end their console session (an operator who clicked
// "Open the portal as this merchant" found their console tab signed in as the merchant). So where
// a console session is open the link is not used: the page shows it, still unused, to be opened in
// a private window or sent to the merchant.
import { useRouter } from "next/navigation";
import { getSession, signIn } from "next-auth/react";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { TextField } from "@/components/ui/text-field";

type EntryState = { step: "opening" } | { step: "failed" } | { step: "console-session"; link: string };

/** Whether this browser holds a live console session (a staff account's, not another portal session). */
async function consoleSessionOpen(): Promise<boolean> {
  const session = await getSession();
  return Boolean(session && !session.error && !session.user.portalSession);
}

export function PortalEntry() {
  const router = useRouter();
  const [state, setState] = useState<EntryState>({ step: "opening" });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = window.location.hash.slice(1);
    const link = window.location.href;
    window.history.replaceState(null, "", window.location.pathname);
    if (!token) return setState({ step: "failed" });
    void (async () => {
      if (await consoleSessionOpen()) return setState({ step: "console-session", link });
      const result = await signIn("portal-session", { token, redirect: false });
      if (result?.ok && !result.error) {
        router.replace("/events");
        router.refresh();
      } else setState({ step: "failed" });
    })();
  }, [router]);
  if (state.step === "failed") {
    return (
      <Alert tone="danger" title="This portal link cannot be used">
        It was already used, has expired or was revoked. Ask for a new link.
      </Alert>
    );
  }
  if (state.step === "console-session") return <ConsoleSessionOpen link={state.link} />;
  return (
    <p role="status" className="text-center text-sm text-(--fg-muted)">
      Opening the portal…
    </p>
  );
}

function ConsoleSessionOpen({ link }: { link: string }) {
  return (
    <div className="space-y-4">
      <Alert tone="info" title="You are signed in to the console in this browser">
        Opening the portal here would sign you out of the console. Open this link in a private window, or send it to the merchant:
        it works once, within five minutes.
      </Alert>
      <TextField id="portal-link" label="Portal link" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
      <CopyButton value={link} label="Copy the link" />
    </div>
  );
}
