import type { Metadata } from "next";
import { MerchantPage } from "@/components/merchants/merchant-page";
import { staffCan } from "@/lib/auth/staff-can";
import { staffOnlyPage } from "@/lib/auth/staff-only-page";

export const metadata: Metadata = { title: "Merchant" };

type Props = { params: Promise<{ id: string }> };

// A staff page: a merchant account's portal has no merchant pages (not found).
export default async function MerchantDetailPage({ params }: Props) {
  await staffOnlyPage();
  const { id } = await params;
  const [admin, canWrite] = await Promise.all([staffCan("users:manage"), staffCan("merchants:write")]);
  return <MerchantPage id={id} admin={admin} canWrite={canWrite} />;
}
