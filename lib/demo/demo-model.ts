// The shapes of the demo world: merchants, their POS terminals at the acquirers, and the
// credentials that let the worker match those terminals' events.
import type { City } from "@/lib/demo/brazilian-cities";
import type { MerchantSegment } from "@/lib/demo/merchant-segments";
import type { TerminalProfile } from "@/lib/demo/terminal-profile";
import type { AcquirerName } from "@/lib/events/data-schema";

/** Makes an id for a row created at the given instant (ms); XIDs are time-prefixed. */
export type IdAt = (ms: number) => string;

export type DemoMerchant = {
  id: string;
  name: string;
  taxId: string;
  createdAt: number;
  segment: MerchantSegment;
  city: City;
  /** The distinctive word of the shop's name, for soft descriptors and Wi-Fi names. */
  shopWord: string;
  storeCode: string;
};

export type DemoCredential = {
  id: string;
  merchantId: string;
  acquirer: AcquirerName;
  /**
   * In clear, for matching: the MID (or PagSeguro's clientId) and the TID. A gateway has no TID:
   * "" rather than NULL, as lib/credentials stores it, so the enabled-credential unique index holds.
   */
  acquirerMerchantIdentifier: string;
  acquirerTerminalIdentifier: string;
  /** Plaintext: the loader encrypts it; never print it (PagSeguro's carries a clientSecret). */
  authenticationData: Record<string, string>;
  additionalData: Record<string, string>;
  status: "connected" | "disconnected";
  enabled: boolean;
  testMode: boolean;
  createdAt: number;
  updatedAt: number;
};

/** What the worker finds for a terminal's events: an enabled credential, a disabled one, or none. */
export type CredentialMatch =
  | { state: "enabled"; credential: DemoCredential }
  | { state: "disabled"; credential: DemoCredential }
  | { state: "missing"; credential: null };

export type DemoTerminal = {
  id: string;
  merchant: DemoMerchant;
  acquirer: AcquirerName;
  /** The MID, or PagSeguro's clientId: what events carry as acquirerMerchantIdentifier. */
  acquirerMerchantIdentifier: string;
  acquirerTerminalIdentifier: string;
  installedAt: number;
  profile: TerminalProfile;
  /** Relative share of the events. */
  weight: number;
  /** Where the terminal's NSU counter stood when the demo period began. */
  firstSequence: number;
  match: CredentialMatch;
};

export type DemoNetwork = {
  merchants: DemoMerchant[];
  terminals: DemoTerminal[];
  credentials: DemoCredential[];
};

export const DAY_MS = 86_400_000;
/** Events span the last 30 days; merchants, terminals and credentials all predate them. */
export const EVENT_WINDOW_DAYS = 30;
