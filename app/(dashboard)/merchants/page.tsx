import type { Metadata } from "next";
import { MerchantsView } from "@/components/merchants/merchants-view";
import { WritableView } from "@/components/shell/writable-view";

export const metadata: Metadata = { title: "Merchants" };

export default function MerchantsPage() {
  return <WritableView permission="merchants:write" view={MerchantsView} />;
}
