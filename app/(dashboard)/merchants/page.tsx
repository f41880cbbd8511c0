import type { Metadata } from "next";
import { MerchantsView } from "@/components/merchants/merchants-view";
import { WritableView } from "@/components/shell/writable-view";
import { staffOnlyPage } from "@/lib/auth/staff-only-page";

export const metadata: Metadata = { title: "Merchants" };

export default async function MerchantsPage() {
  await staffOnlyPage();
  return <WritableView permission="merchants:write" view={MerchantsView} />;
}
