// Fair use off: the settings of a server whose capacity is being measured (the benchmarks, the
// soak) or that many parallel browser tests share through a few accounts. Each load generator
// sends as one account, which fair use would bound by design (lib/http/fair-use.ts); the limits
// themselves are tested in tests/integration/fair-use.test.ts and measured by bench:burst.
export const FAIR_USE_OFF: Record<string, string> = {
  RATE_LIMIT_READS_PER_MINUTE: "100000000",
  RATE_LIMIT_INGEST_PER_MINUTE: "100000000",
  CONCURRENT_REQUESTS_PER_ACCOUNT: "100000",
  CONCURRENT_INGEST_PER_ACCOUNT: "100000",
  CONCURRENT_READS_PER_INSTANCE: "100000",
};
