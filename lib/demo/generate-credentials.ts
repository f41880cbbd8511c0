// Credentials for the demo terminals, dealt out by sales volume so the events come out about
// 93.5% matched, 5% without a credential (failed: no_matching_credential) and 1.5% with a
// disabled one (failed: credential_disabled). EMV acquirers get one credential per terminal
// (MID + TID); PagSeguro, a gateway, one per merchant (clientId + clientSecret) covering all its
// terminals, stored with an empty TID.
import { clientSecretOf, isGateway } from "@/lib/demo/acquirer-identifiers";
import {
  type CredentialMatch,
  DAY_MS,
  type DemoCredential,
  type DemoTerminal,
  EVENT_WINDOW_DAYS,
  type IdAt,
} from "@/lib/demo/demo-model";
import type { UnmatchedTerminal } from "@/lib/demo/generate-terminals";
import type { SeededRandom } from "@/lib/demo/seeded-random";

export const MISSING_CREDENTIAL_SHARE = 0.05;
export const DISABLED_CREDENTIAL_SHARE = 0.015;

/** The terminals one credential serves. */
type Unit = { terminals: UnmatchedTerminal[]; weight: number };

function unitsOf(terminals: UnmatchedTerminal[]): Unit[] {
  const units: Unit[] = [];
  const gatewayAccounts = new Map<string, Unit>();
  for (const terminal of terminals) {
    if (!isGateway(terminal.acquirer)) {
      units.push({ terminals: [terminal], weight: terminal.weight });
      continue;
    }
    const key = `${terminal.acquirer}|${terminal.acquirerMerchantIdentifier}`;
    const unit = gatewayAccounts.get(key);
    if (unit) {
      unit.terminals.push(terminal);
      unit.weight += terminal.weight;
    } else {
      const created = { terminals: [terminal], weight: terminal.weight };
      gatewayAccounts.set(key, created);
      units.push(created);
    }
  }
  return units;
}

const softDescriptorOf = (terminal: UnmatchedTerminal) =>
  terminal.merchant.shopWord
    .normalize("NFD")
    .replace(/[^A-Za-z0-9 ]/g, "")
    .toUpperCase()
    .slice(0, 22);

function credentialFor(random: SeededRandom, unit: Unit, enabled: boolean, options: { now: number; idAt: IdAt }): DemoCredential {
  const first = unit.terminals[0]!;
  const gateway = isGateway(first.acquirer);
  const windowStart = options.now - EVENT_WINDOW_DAYS * DAY_MS;
  const earliest = Math.min(...unit.terminals.map((t) => t.installedAt));
  const createdAt = Math.round(earliest + random.next() * Math.min(3 * DAY_MS, windowStart - earliest));
  // Some credentials were edited since; a disabled one was switched off before the window, so all its events fail.
  const edited = !enabled || random.chance(0.2);
  const updatedAt = edited ? Math.round(createdAt + random.next() * (windowStart - createdAt)) : createdAt;
  return {
    id: options.idAt(createdAt),
    merchantId: first.merchant.id,
    acquirer: first.acquirer,
    acquirerMerchantIdentifier: first.acquirerMerchantIdentifier,
    acquirerTerminalIdentifier: gateway ? "" : first.acquirerTerminalIdentifier,
    authenticationData: gateway
      ? { clientId: first.acquirerMerchantIdentifier, clientSecret: clientSecretOf(random) }
      : { merchantIdentifier: first.acquirerMerchantIdentifier, terminalIdentifier: first.acquirerTerminalIdentifier },
    additionalData: gateway
      ? { pixKey: first.merchant.taxId, softDescriptor: softDescriptorOf(first) }
      : { merchantCategoryCode: first.merchant.segment.mcc, softDescriptor: softDescriptorOf(first) },
    status: enabled ? "connected" : "disconnected",
    enabled,
    // Leftovers from a sandbox set-up: a few disabled credentials still in test mode, rarely an enabled one.
    testMode: random.chance(enabled ? 0.02 : 0.3),
    createdAt,
    updatedAt,
  };
}

export function assignCredentials(
  random: SeededRandom,
  unmatched: UnmatchedTerminal[],
  options: { now: number; idAt: IdAt },
): { terminals: DemoTerminal[]; credentials: DemoCredential[] } {
  const units = random.shuffle(unitsOf(unmatched));
  const total = units.reduce((sum, u) => sum + u.weight, 0);
  let missingBudget = total * MISSING_CREDENTIAL_SHARE;
  let disabledBudget = total * DISABLED_CREDENTIAL_SHARE;
  const matchOf = new Map<UnmatchedTerminal, CredentialMatch>();
  const credentials: DemoCredential[] = [];

  for (const unit of units) {
    let match: CredentialMatch;
    // A unit that would overshoot its budget stays matched, so one busy terminal cannot skew the shares.
    if (unit.weight <= missingBudget) {
      missingBudget -= unit.weight;
      match = { state: "missing", credential: null };
    } else if (unit.weight <= disabledBudget) {
      disabledBudget -= unit.weight;
      match = { state: "disabled", credential: credentialFor(random, unit, false, options) };
    } else {
      match = { state: "enabled", credential: credentialFor(random, unit, true, options) };
    }
    if (match.credential) credentials.push(match.credential);
    for (const terminal of unit.terminals) matchOf.set(terminal, match);
  }
  credentials.sort((a, b) => a.createdAt - b.createdAt);
  return { terminals: unmatched.map((t) => ({ ...t, match: matchOf.get(t)! })), credentials };
}
