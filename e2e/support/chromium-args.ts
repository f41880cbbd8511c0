// The flags Chromium runs with in the e2e suite (playwright.config.ts) and in the UI benchmark
// (scripts/bench-ui.ts), so that both measure the same browser: no sandbox (containers), no GPU,
// and none of the background traffic that would add noise.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
