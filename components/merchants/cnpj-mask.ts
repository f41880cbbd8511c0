// The CNPJ mask as the user types: 00.000.000/0000-00, letters allowed in the first twelve
// places (the 2026 alphanumeric form), upper-cased, at most 14 characters.
export function maskCnpjInput(input: string): string {
  const raw = input
    .replace(/[^0-9A-Za-z]/g, "")
    .toUpperCase()
    .slice(0, 14);
  const parts = [raw.slice(0, 2), raw.slice(2, 5), raw.slice(5, 8), raw.slice(8, 12), raw.slice(12, 14)];
  let out = parts[0]!;
  if (parts[1]) out += `.${parts[1]}`;
  if (parts[2]) out += `.${parts[2]}`;
  if (parts[3]) out += `/${parts[3]}`;
  if (parts[4]) out += `-${parts[4]}`;
  return out;
}
