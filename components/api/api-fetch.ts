// Calls the /v1 API from the browser with the session's access token. An access token may expire
// between two session refreshes: on a 401 the caller's renew() obtains a fresh one (the server
// renews the pair) and the request is sent once more.
import { ApiRequestError } from "@/components/api/api-request-error";

export type ApiFetchOptions = {
  accessToken: string | undefined;
  renew: () => Promise<string | undefined>;
  init?: RequestInit;
};

function send(path: string, accessToken: string, init: RequestInit | undefined): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set("authorization", `Bearer ${accessToken}`);
  headers.set("accept", "application/json");
  if (init?.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  return fetch(path, { ...init, headers, cache: "no-store" });
}

export async function apiFetch<T>(path: string, { accessToken, renew, init }: ApiFetchOptions): Promise<T> {
  const token = accessToken ?? (await renew());
  if (!token) throw new ApiRequestError({ status: 401, code: "unauthenticated", detail: "You are signed out." });
  let response = await send(path, token, init);
  if (response.status === 401) {
    const renewed = await renew();
    if (renewed && renewed !== token) response = await send(path, renewed, init);
  }
  if (!response.ok) throw await ApiRequestError.from(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
