// POS terminals of the demo merchants. A merchant works with one to three acquirers (one
// account each: a MID, or a clientId at the PagSeguro gateway); each terminal belongs to one
// account and has its own TID, serial number, connection and share of the sales.
import { ACQUIRER_SHARES, isGateway, merchantAccountIdOf, terminalIdentifierOf } from "@/lib/demo/acquirer-identifiers";
import { DAY_MS, type DemoMerchant, type DemoTerminal, EVENT_WINDOW_DAYS, type IdAt } from "@/lib/demo/demo-model";
import type { SeededRandom } from "@/lib/demo/seeded-random";
import { generateTerminalProfile } from "@/lib/demo/terminal-profile";
import type { AcquirerName } from "@/lib/events/data-schema";

/** A terminal before the credentials are dealt out. */
export type UnmatchedTerminal = Omit<DemoTerminal, "match">;

function acquirersOf(random: SeededRandom): AcquirerName[] {
  const count = random.weighted([
    [1, 65],
    [2, 30],
    [3, 5],
  ] as const);
  const chosen: AcquirerName[] = [];
  while (chosen.length < count) {
    const acquirer = random.weighted(ACQUIRER_SHARES);
    if (!chosen.includes(acquirer)) chosen.push(acquirer);
  }
  return chosen;
}

export function generateTerminals(
  random: SeededRandom,
  merchants: DemoMerchant[],
  options: { now: number; idAt: IdAt },
): UnmatchedTerminal[] {
  const usedAccountIds = new Set<string>();
  const usedTids = new Set<string>();
  const unique = (used: Set<string>, draw: () => string) => {
    let value = draw();
    while (used.has(value)) value = draw();
    used.add(value);
    return value;
  };
  const windowStart = options.now - EVENT_WINDOW_DAYS * DAY_MS;
  const terminals: UnmatchedTerminal[] = [];

  for (const merchant of merchants) {
    const volume = random.logNormal(merchant.segment.medianTerminals, 0.9);
    const accounts = acquirersOf(random).map((acquirer) => ({
      acquirer,
      accountId: unique(usedAccountIds, () => merchantAccountIdOf(random, acquirer)),
    }));
    const count = Math.min(40, Math.max(accounts.length, Math.round(random.logNormal(merchant.segment.medianTerminals, 0.6))));
    for (let i = 0; i < count; i++) {
      // Every account gets a terminal; the rest mostly go to the main acquirer.
      const account = i < accounts.length ? accounts[i]! : random.chance(0.7) ? accounts[0]! : random.pick(accounts);
      // Installed between the merchant's start and a day before the events' window.
      const installedAt = Math.round(merchant.createdAt + random.next() * (windowStart - DAY_MS - merchant.createdAt));
      const gatewayShare = isGateway(account.acquirer) ? 0.5 : 1;
      terminals.push({
        id: options.idAt(installedAt),
        merchant,
        acquirer: account.acquirer,
        acquirerMerchantIdentifier: account.accountId,
        acquirerTerminalIdentifier: unique(usedTids, () => terminalIdentifierOf(random, account.acquirer)),
        installedAt,
        profile: generateTerminalProfile(random, { city: merchant.city, shopWord: merchant.shopWord }),
        weight: (volume / count) * random.logNormal(1, 0.4) * gatewayShare,
        firstSequence: random.int(1, 400_000),
      });
    }
  }
  return terminals;
}
