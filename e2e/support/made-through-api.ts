// What specs make through the API before driving the browser, each the one way every spec makes
// it: a merchant of their own, a credential of it at a provider named as the API lists it, a
// merchant account whose own password is set, and an imported statement.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { generateCnpj } from "@/lib/merchants/generate-cnpj";
import { digits } from "../../tests/support/event-data";
import { apiAs } from "./api-as";
import { USERS } from "./users";

/** `name` and a random suffix: a merchant's name no earlier run used, so a spec finds its own rows. */
export const uniqueName = (name: string) => `${name} ${randomBytes(3).toString("hex").toUpperCase()}`;

/** A new merchant named `name`: its id and name. */
export async function newMerchant(api: APIRequestContext, name: string): Promise<{ id: string; name: string }> {
  const merchant = await api.post("/v1/merchants", { data: { name, taxId: generateCnpj() } });
  expect(merchant.status(), await merchant.text()).toBe(201);
  return (await merchant.json()) as { id: string; name: string };
}

/** A credential of the merchant at the provider `providerName` (GET /v1/providers): its id. */
export async function newCredential(
  api: APIRequestContext,
  merchantId: string,
  providerName: string,
  authenticationData: Record<string, string>,
): Promise<string> {
  const providers = ((await (await api.get("/v1/providers")).json()) as { data: { id: string; name: string }[] }).data;
  const provider = providers.find((p) => p.name === providerName)!;
  const created = await api.post("/v1/credentials", {
    data: { merchantId, providerId: provider.id, providerName, authenticationData },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/**
 * A merchant account of `merchantId` that can sign in through the form: an admin creates it (the
 * service makes a password that must be changed first), then it sets a password of its own.
 */
export async function merchantAccount(merchantId: string, prefix: string): Promise<{ username: string; password: string }> {
  const admin = await apiAs(USERS.admin);
  const username = `${prefix}-${digits(8)}`;
  const created = await admin.post("/v1/users", { data: { username, role: "merchant", merchantId } });
  expect(created.status()).toBe(201);
  const generated = ((await created.json()) as { password: string }).password;
  await admin.dispose();
  const account = await apiAs({ username, password: generated });
  const password = `${prefix} passphrase ${digits(8)}`;
  const changed = await account.post("/v1/auth/password", { data: { current_password: generated, new_password: password } });
  expect(changed.status()).toBe(200);
  await account.dispose();
  return { username, password };
}

/** An acquirer's statement file imported as new (201, not a file seen before): the import's id. */
export async function importStatement(api: APIRequestContext, file: string): Promise<string> {
  const imported = await api.post("/v1/reconciliation/imports", { data: file, headers: { "content-type": "text/plain" } });
  expect(imported.status(), await imported.text()).toBe(201);
  return ((await imported.json()) as { id: string }).id;
}
