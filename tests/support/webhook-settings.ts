// The settings of a test that delivers to receivers on this machine: 127.0.0.1 allowed and no
// jitter in the retry schedule, then the file's own. Set them inside vi.hoisted, before anything
// reads the environment (lib/env.ts reads it on first use):
//   await vi.hoisted(async () => (await import("../support/webhook-settings")).applyWebhookSettings({ ... }));
// No imports here: the module is loaded before the file's own imports.

export function applyWebhookSettings(settings: Record<string, string>): void {
  Object.assign(process.env, { WEBHOOK_ALLOWED_ADDRESSES: "127.0.0.1", WEBHOOK_RETRY_JITTER: "0", ...settings });
}
