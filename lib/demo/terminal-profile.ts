// A POS terminal's hardware and connection: model and serial number, how it reaches the
// acquirer (Wi-Fi, 4G, 5G...), its SIM (ICCID, APN) and address, and where it stands. Events
// report these as TerminalData, with the small changes a live device shows.

import type { City } from "@/lib/demo/brazilian-cities";
import type { SeededRandom, Weighted } from "@/lib/demo/seeded-random";
import type { TerminalData } from "@/lib/events/data-schema";

export type TerminalProfile = {
  model: string;
  serialNumber: string;
  navigationMethod: string | null;
  networkSsid: string | null;
  simSerialNumber: string | null;
  simApnData: string | null;
  /** The LAN address on Wi-Fi or Ethernet; mobile terminals get a new carrier address per session. */
  lanIpAddress: string | null;
  latitude: number;
  longitude: number;
};

type Model = { name: string; serial: (random: SeededRandom) => string };

const MODELS: Weighted<Model> = [
  [{ name: "PAX A920", serial: (r) => `0820${r.digits(6)}` }, 30],
  [{ name: "PAX D195", serial: (r) => `1760${r.digits(6)}` }, 10],
  [{ name: "Ingenico Move/5000", serial: (r) => `${r.digits(5)}CT${r.digits(8)}` }, 18],
  [{ name: "Gertec GPOS700", serial: (r) => `GP7${r.digits(9)}` }, 14],
  [{ name: "Sunmi P2", serial: (r) => `P2${r.alphanumeric(2)}${r.digits(10)}` }, 16],
  [{ name: "Positivo L400", serial: (r) => `L4${r.digits(10)}` }, 12],
];

// Brazilian carriers: the issuer digits of their ICCIDs (89 telecom, 55 Brazil) and common APNs.
const CARRIERS: Weighted<{ name: string; iccidIssuer: string; apns: readonly string[] }> = [
  [{ name: "Vivo", iccidIssuer: "10", apns: ["zap.vivo.com.br", "smart.m2m.vivo.com.br"] }, 34],
  [{ name: "Claro", iccidIssuer: "05", apns: ["claro.com.br", "java.claro.com.br"] }, 30],
  [{ name: "TIM", iccidIssuer: "02", apns: ["timbrasil.br", "m2m.tim.br"] }, 24],
  [{ name: "Arqia", iccidIssuer: "99", apns: ["m2m.arqia.br", "arqia.br"] }, 12],
];

const NAVIGATION: Weighted<string | null> = [
  ["4g", 48],
  ["wifi", 37],
  ["5g", 8],
  ["ethernet", 3],
  ["3g", 3],
  [null, 1],
];

/** An ICCID of 20 digits: 89 55, the carrier's issuer digits, the account, a Luhn check digit. */
function iccidOf(random: SeededRandom, issuer: string): string {
  const body = `8955${issuer}${random.digits(13)}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + ((10 - (sum % 10)) % 10);
}

function ssidOf(random: SeededRandom, shopWord: string): string {
  const shop = shopWord
    .normalize("NFD")
    .replace(/[^A-Za-z0-9 ]/g, "")
    .trim()
    .replace(/\s+/g, "_")
    .toUpperCase()
    .slice(0, 18);
  const hex = (n: number) => random.chars(n, "0123456789ABCDEF");
  return random.weighted<string>([
    [`${shop}_CLIENTES`, 2],
    [`${shop}-ADM`, 2],
    [`VIVO-${hex(4)}`, 2],
    [`CLARO_2G${hex(6)}`, 1],
    [`NET_5G${hex(6)}`, 1],
    [`TIM_ULTRAFIBRA_${hex(4)}`, 1],
    [`CAIXA${random.int(1, 9)}`, 1],
  ]);
}

export function generateTerminalProfile(random: SeededRandom, place: { city: City; shopWord: string }): TerminalProfile {
  const model = random.weighted(MODELS);
  const navigationMethod = random.weighted(NAVIGATION);
  const onLan = navigationMethod === "wifi" || navigationMethod === "ethernet";
  // Mobile terminals carry a SIM; a few Wi-Fi ones too, as their fallback.
  const hasSim = !onLan || (navigationMethod === "wifi" && random.chance(0.3));
  const carrier = random.weighted(CARRIERS);
  const subnet = random.pick(["192.168.0", "192.168.1", "192.168.15", "192.168.100", "10.0.0"]);
  return {
    model: model.name,
    serialNumber: model.serial(random),
    navigationMethod,
    networkSsid: navigationMethod === "wifi" ? ssidOf(random, place.shopWord) : null,
    simSerialNumber: hasSim ? iccidOf(random, carrier.iccidIssuer) : null,
    simApnData: hasSim ? random.pick(carrier.apns) : null,
    lanIpAddress: onLan ? `${subnet}.${random.int(2, 254)}` : null,
    // Within about 6 km of the city centre.
    latitude: place.city.latitude + random.normal() * 0.025,
    longitude: place.city.longitude + random.normal() * 0.025,
  };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** TerminalData as one transaction reports it: GPS noise, a missing fix now and then, a fresh mobile address. */
export function terminalDataAt(random: SeededRandom, profile: TerminalProfile): TerminalData {
  const mobile = profile.navigationMethod !== null && profile.simSerialNumber !== null && profile.lanIpAddress === null;
  const gpsFix = random.chance(0.97);
  let ipAddress = profile.lanIpAddress;
  if (mobile) ipAddress = `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
  if (profile.navigationMethod === null) ipAddress = null;
  return {
    navigationMethod: profile.navigationMethod,
    networkSsid: profile.networkSsid,
    simSerialNumber: profile.simSerialNumber,
    simApnData: profile.navigationMethod === "wifi" ? null : profile.simApnData,
    ipAddress,
    latitude: gpsFix ? round6(profile.latitude + random.normal() * 0.0002) : null,
    longitude: gpsFix ? round6(profile.longitude + random.normal() * 0.0002) : null,
  };
}
