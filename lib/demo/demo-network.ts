// The world the demo events happen in, from a seed and a clock: merchants, terminals and
// credentials as plain objects (pure; the loader writes them).
import type { DemoNetwork, IdAt } from "@/lib/demo/demo-model";
import { assignCredentials } from "@/lib/demo/generate-credentials";
import { generateMerchants } from "@/lib/demo/generate-merchants";
import { generateTerminals } from "@/lib/demo/generate-terminals";
import { SeededRandom } from "@/lib/demo/seeded-random";

export function generateDemoNetwork(options: { seed: number; merchants: number; now: number; idAt: IdAt }): DemoNetwork {
  const root = new SeededRandom(options.seed);
  const merchants = generateMerchants(root.fork("merchants"), { count: options.merchants, now: options.now, idAt: options.idAt });
  const unmatched = generateTerminals(root.fork("terminals"), merchants, { now: options.now, idAt: options.idAt });
  const { terminals, credentials } = assignCredentials(root.fork("credentials"), unmatched, {
    now: options.now,
    idAt: options.idAt,
  });
  return { merchants, terminals, credentials };
}
