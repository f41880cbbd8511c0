// The settings of a test that delivers to receivers on this machine: 127.0.0.1 allowed and no
// jitter in the retry schedule, then the file's own. Set them inside vi.hoisted, before anything
// reads the environment (lib/env.ts reads it on first use):
//   await vi.hoisted(async () => (await import("../support/webhook-settings")).applyWebhookSettings({ ... }));
// No imports here: the module is loaded before the file's own imports.

export function applyWebhookSettings(settings: Record<string, string>): void {
  Object.assign(process.env, { WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1", WEBHOOK_RETRY_JITTER: "0", ...settings });
}

/**
 * The settings of a file that watches how the delivery worker shares its slots (the circuit
 * breaker, fair delivery): 16 slots, at most 2 per endpoint, then the file's own. Such a file runs
 * on a database of its own, so that the claim sees only its deliveries.
 */
export function applySlotSettings(settings: Record<string, string>): void {
  applyWebhookSettings({ WEBHOOK_WORKER_CONCURRENCY: "16", WEBHOOK_ENDPOINT_CONCURRENCY: "2", ...settings });
}
