// Checks an endpoint URL when it is created or changed: absolute http(s) (https only in
// production, unless the allow-list names the host), no user info, and a host the address policy
// permits (literal addresses, local names, and names that resolve only to refused addresses).
// The policy is the one the URL will be delivered under (endpointPolicy): for a URL a merchant
// account sets, public addresses only, refused with the same 400 as if there were no allow-list
// (the answer does not tell that one exists).
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { env } from "@/lib/env";
import { validationFailed } from "@/lib/errors";
import { type AddressPolicy, hostOf, portOf } from "@/lib/webhooks/egress/address-policy";

const refuse = (message: string) => validationFailed([{ field: "url", message }], "The webhook URL is not acceptable.");

// How a receiver on this machine or a private network is reached at all (a local test receiver,
// an on-premise one): said in the refusal, the same words whoever asks, so it tells nothing of
// whether an allow-list exists.
const HOW_TO_ALLOW =
  "not allow-listed: an operator opens such a receiver with the server setting WEBHOOK_ALLOWED_ADDRESSES (e.g. 127.0.0.1:9999), for URLs staff set";

export async function checkEndpointUrl(value: string, policy: AddressPolicy): Promise<string> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse("must be an absolute URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw refuse("must be an https URL");
  const host = hostOf(url);
  const port = portOf(url);
  // Plain http in production only to a receiver the allow-list names (on-premise, tests).
  if (url.protocol === "http:" && env().production && !policy.allowedBy(host, port)) throw refuse("must be https in production");
  if (url.username || url.password) throw refuse("must not hold a user name or password");
  if (url.hash) throw refuse("must not have a fragment");
  if (!policy.hostPermitted(host, port)) throw refuse(`is a loopback, private, link-local or metadata address (${HOW_TO_ALLOW})`);
  if (!isIP(host)) {
    // A name that does not resolve yet is accepted: the connect-time check still applies.
    const addresses = await lookup(host, { all: true }).catch(() => []);
    if (addresses.length > 0 && addresses.every((a) => !policy.addressPermitted(a.address, host, port)))
      throw refuse(`resolves to a loopback, private, link-local or metadata address (${HOW_TO_ALLOW})`);
  }
  return url.toString();
}
