"use client";

import { useState } from "react";
import { signOutTo } from "@/components/auth/sign-out-to";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icons";

/** Ends the session: next-auth clears the cookie and the server revokes the refresh-token family. */
export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      className="shrink-0 md:w-full"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signOutTo("/login");
      }}
    >
      <Icon name="signOut" className="size-4 text-(--fg-subtle)" />
      {pending ? "Signing out…" : "Sign out"}
    </Button>
  );
}
