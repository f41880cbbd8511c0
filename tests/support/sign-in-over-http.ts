// Signs in to a running server (POST /v1/auth) for the scripts and suites that drive one over
// HTTP: the fuzzer, the soak, the benchmark.
export async function signInOverHttp(
  baseUrl: string,
  user: { username: string; password: string },
  fetcher: typeof fetch = fetch,
): Promise<{ access_token: string; refresh_token: string }> {
  const res = await fetcher(`${baseUrl}/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  if (res.status !== 200) throw new Error(`signing in ${user.username} failed with ${res.status}`);
  return (await res.json()) as { access_token: string; refresh_token: string };
}
