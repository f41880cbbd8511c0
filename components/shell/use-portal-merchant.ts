"use client";

// The merchant whose portal this is, when a merchant account is signed in (undefined for staff):
// pages drop what only staff use (merchant pickers and columns, links to staff pages). The API
// scopes every answer anyway; this only shapes the page.
import { useSession } from "next-auth/react";

export function usePortalMerchant(): string | undefined {
  const { data } = useSession();
  return data?.user.role === "merchant" ? data.user.merchantId : undefined;
}
