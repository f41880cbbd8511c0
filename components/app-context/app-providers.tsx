"use client";

import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/app-context/query-provider";
import { SessionGuard } from "@/components/app-context/session-guard";

// The browser's session is refreshed every 30 s, which also renews the API access token on the server in time.
const SESSION_REFETCH_SECONDS = 30;

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider refetchInterval={SESSION_REFETCH_SECONDS} refetchOnWindowFocus>
      <QueryProvider>
        <SessionGuard />
        {children}
      </QueryProvider>
    </SessionProvider>
  );
}
