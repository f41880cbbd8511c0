import { describe, expect, it, vi } from "vitest";
import { needsRenewal, renewSessionTokens, sessionTokensFrom } from "@/lib/auth/session-tokens";
import { refreshTokens, type TokenResponse } from "@/lib/auth/token-service";
import { ApiError } from "@/lib/errors";

vi.mock("@/lib/auth/token-service", () => ({ refreshTokens: vi.fn() }));

const mockedRefresh = vi.mocked(refreshTokens);

function pair(name: string, expiresIn = 300): TokenResponse {
  return {
    access_token: `access-${name}`,
    expires_in: expiresIn,
    refresh_token: `refresh-${name}`,
    refresh_expires_in: 1800,
    token_type: "Bearer",
  };
}

describe("sessionTokensFrom", () => {
  it("renews a 5-minute token in its last minute", () => {
    const tokens = sessionTokensFrom(pair("a", 300), 1_000_000);
    expect(tokens.accessTokenExpires).toBe(1_300_000);
    expect(tokens.accessTokenRenewAt).toBe(1_240_000);
    expect(needsRenewal(tokens, 1_239_999)).toBe(false);
    expect(needsRenewal(tokens, 1_240_000)).toBe(true);
  });

  it("renews a short-lived token in its last third", () => {
    const tokens = sessionTokensFrom(pair("b", 15), 0);
    expect(tokens.accessTokenRenewAt).toBe(10_000);
  });
});

describe("renewSessionTokens", () => {
  it("spends a refresh token once for concurrent and closely following callers", async () => {
    mockedRefresh.mockReset();
    mockedRefresh.mockResolvedValueOnce(pair("next"));
    const results = await Promise.all([1, 2, 3].map(() => renewSessionTokens("refresh-shared")));
    const later = await renewSessionTokens("refresh-shared");
    expect(mockedRefresh).toHaveBeenCalledTimes(1);
    for (const result of [...results, later]) expect(result.refreshToken).toBe("refresh-next");
  });

  it("keeps a refusal, so the spent token is not presented again", async () => {
    mockedRefresh.mockReset();
    mockedRefresh.mockRejectedValueOnce(new ApiError({ status: 400, code: "invalid_grant", detail: "spent" }));
    await expect(renewSessionTokens("refresh-refused")).rejects.toBeInstanceOf(ApiError);
    await expect(renewSessionTokens("refresh-refused")).rejects.toBeInstanceOf(ApiError);
    expect(mockedRefresh).toHaveBeenCalledTimes(1);
  });

  it("forgets an unexpected failure, so the next request tries again", async () => {
    mockedRefresh.mockReset();
    mockedRefresh.mockRejectedValueOnce(new Error("connection refused")).mockResolvedValueOnce(pair("retried"));
    await expect(renewSessionTokens("refresh-flaky")).rejects.toThrow("connection refused");
    await expect(renewSessionTokens("refresh-flaky")).resolves.toMatchObject({ refreshToken: "refresh-retried" });
    expect(mockedRefresh).toHaveBeenCalledTimes(2);
  });
});
