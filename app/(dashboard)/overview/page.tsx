import type { Metadata } from "next";
import { OverviewDashboard } from "@/components/overview/overview-dashboard";
import { parseOverviewPeriod } from "@/components/overview/overview-period";
import { PageShell } from "@/components/ui/page-header";
import { staffHomePage } from "@/lib/auth/staff-only-page";
import { initialOverview } from "./initial-overview";

export const metadata: Metadata = { title: "Overview" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OverviewPage({ searchParams }: Props) {
  // The overview is every merchant's figures (the API refuses it to merchant accounts).
  await staffHomePage();
  const { period } = await searchParams;
  const initial = await initialOverview(parseOverviewPeriod(typeof period === "string" ? period : undefined));
  return (
    <PageShell
      title="Overview"
      description="Payment notifications received, processed and failed across all acquirers, and why they fail."
    >
      <OverviewDashboard initial={initial} />
    </PageShell>
  );
}
