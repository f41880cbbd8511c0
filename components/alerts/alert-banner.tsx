"use client";

// The banner of open alerts above every console page (staff and portal alike: a merchant account
// sees its merchant's): how many, the newest few, and the way to the Alerts page. Nothing when
// none is open; acknowledged alerts leave it.
import Link from "next/link";
import { useOpenAlerts } from "@/components/alerts/alert-queries";
import { alertKindLabel, alertMerchantIds, alertSummary } from "@/components/alerts/alert-summary";
import { useMerchantNames } from "@/components/merchants/merchant-queries";
import { alertsLink } from "@/lib/links/list-links";

export function AlertBanner() {
  const { data } = useOpenAlerts();
  const alerts = data?.data ?? [];
  const merchantNames = useMerchantNames([alertMerchantIds(alerts)]);
  if (alerts.length === 0) return null;
  const more = data?.metadata.has_more;
  return (
    <section
      aria-label="Open alerts"
      data-testid="alert-banner"
      className="mb-6 rounded-md border border-(--danger-line) bg-(--danger-soft) px-4 py-3 text-sm text-(--danger)"
    >
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="font-medium">
            {more ? `${alerts.length}+ open alerts` : alerts.length === 1 ? "1 open alert" : `${alerts.length} open alerts`}
          </p>
          <ul className="mt-1 space-y-0.5">
            {alerts.map((alert) => (
              <li key={alert.id} className="truncate">
                <span className="font-medium">{alertKindLabel(alert)}:</span> {alertSummary(alert, merchantNames)}
              </li>
            ))}
          </ul>
        </div>
        <Link href={alertsLink({ state: "open" })} className="shrink-0 font-medium underline underline-offset-2">
          See alerts
        </Link>
      </div>
    </section>
  );
}
