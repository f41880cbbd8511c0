// An API client signed in as an e2e user (on the first instance): for specs that make their own
// merchants, endpoints and events through the API before driving the browser.
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { baseUrlOf, PORTS } from "./run-env";

export async function apiAs(user: { username: string; password: string }): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL: baseUrlOf(PORTS[0]) });
  const auth = await anonymous.post("/v1/auth", { data: { username: user.username, password: user.password } });
  const { access_token } = (await auth.json()) as { access_token: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({
    baseURL: baseUrlOf(PORTS[0]),
    extraHTTPHeaders: { authorization: `Bearer ${access_token}` },
  });
}
