// The overview's period, kept in the URL (?period=7d; the default 24 hours leaves it out). Pure:
// read by the page on the server and by the dashboard in the browser.
export const OVERVIEW_PERIODS = [
  { value: "24h", label: "24 hours", long: "the last 24 hours" },
  { value: "7d", label: "7 days", long: "the last 7 days" },
  { value: "30d", label: "30 days", long: "the last 30 days" },
] as const;

export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number]["value"];

export function parseOverviewPeriod(value: string | null | undefined): OverviewPeriod {
  return OVERVIEW_PERIODS.some((p) => p.value === value) ? (value as OverviewPeriod) : "24h";
}

/** The overview's URL state (useUrlFilters): its period. */
export const parseOverviewUrl = (params: URLSearchParams) => ({ period: parseOverviewPeriod(params.get("period")) });

/** The URL's query for a period: none for the default 24 hours. */
export const overviewSearch = ({ period }: { period: OverviewPeriod }) => (period === "24h" ? "" : `?period=${period}`);
