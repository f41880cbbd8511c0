// Demo merchants: Brazilian shops with realistic legal names, valid CNPJs (a few in the 2026
// alphanumeric form, for the youngest companies), a city, a segment and a store code.
import { CITIES } from "@/lib/demo/brazilian-cities";
import { COMPANY_SUFFIXES, SHOP_NAME_WORDS, SURNAMES } from "@/lib/demo/brazilian-names";
import { DAY_MS, type DemoMerchant, EVENT_WINDOW_DAYS, type IdAt } from "@/lib/demo/demo-model";
import { SEGMENTS } from "@/lib/demo/merchant-segments";
import { seededCnpj } from "@/lib/demo/seeded-cnpj";
import type { SeededRandom } from "@/lib/demo/seeded-random";

const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();

export function generateMerchants(random: SeededRandom, options: { count: number; now: number; idAt: IdAt }): DemoMerchant[] {
  const names = new Set<string>();
  const taxIds = new Set<string>();
  const merchants: DemoMerchant[] = [];
  // Before the events' window, so every terminal and credential exists when its events happen.
  const latest = options.now - (EVENT_WINDOW_DAYS + 5) * DAY_MS;

  for (let i = 0; i < options.count; i++) {
    const segment = random.weighted(SEGMENTS);
    const city = random.weighted(CITIES);
    const prefix = random.pick(segment.prefixes);
    const surname = titleCase(random.pick(SURNAMES));
    const shopWord = random.chance(0.75) ? random.pick(SHOP_NAME_WORDS) : surname;
    const suffix = random.weighted(COMPANY_SUFFIXES);
    let name = random.chance(0.12)
      ? `${surname} & ${titleCase(random.pick(SURNAMES))} ${prefix} ${suffix}`
      : `${prefix} ${shopWord} ${suffix}`;
    if (names.has(name)) name = `${prefix} ${shopWord} ${city.name} ${suffix}`;
    for (let branch = 2; names.has(name); branch++) name = `${prefix} ${shopWord} ${city.name} ${branch} ${suffix}`;
    names.add(name);

    // Alphanumeric CNPJs are issued from July 2026: only young companies have one.
    const alphanumeric = random.chance(0.06);
    let taxId = seededCnpj(random, { alphanumeric });
    while (taxIds.has(taxId)) taxId = seededCnpj(random, { alphanumeric });
    taxIds.add(taxId);
    const ageDays = alphanumeric ? random.int(0, 100) : random.int(0, 900);
    const createdAt = latest - ageDays * DAY_MS - random.int(0, DAY_MS - 1);

    merchants.push({
      id: options.idAt(createdAt),
      name,
      taxId,
      createdAt,
      segment,
      city,
      shopWord,
      storeCode: `LJ${String(random.int(1, 250)).padStart(3, "0")}`,
    });
  }
  return merchants;
}
