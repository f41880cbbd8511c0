// GET /metrics: this instance's metrics in Prometheus text format, for a scraper holding
// METRICS_TOKEN (lib/metrics). Outside /v1 and its OpenAPI document: it is for monitoring, not
// for API clients, and answers 404 while METRICS_TOKEN is unset.
import { methods, publicRoute } from "@/lib/http/route";
import { requireMetricsToken } from "@/lib/metrics/metrics-token";
import { metrics } from "@/lib/metrics/registry";
import { refreshScrapeGauges } from "@/lib/metrics/scrape-gauges";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: publicRoute(
    async ({ request }) => {
      requireMetricsToken(request);
      await refreshScrapeGauges();
      const { registry } = metrics();
      return new Response(await registry.metrics(), {
        headers: { "content-type": registry.contentType, "cache-control": "no-store" },
      });
    },
    { query: null },
  ),
});
