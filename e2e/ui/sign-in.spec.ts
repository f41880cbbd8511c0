// Staff sign-in, the shell, sign-out, and the renewal of the session's API token.
import { randomBytes } from "node:crypto";
import { expect, fillSignInForm, test } from "../support/fixtures";
import { baseUrlOf, PORTS, SHORT_TOKEN_PORT } from "../support/run-env";
import { USERS } from "../support/users";

const PROVIDER_NAMES = ["cielo", "getnet", "pagseguro", "rede", "safrapay", "stone"];

test("an operator lands on the overview with their name and role", async ({ page, signIn }) => {
  await signIn(USERS.operator);
  await expect(page.getByTestId("user-name")).toHaveText("operator");
  await expect(page.getByTestId("user-role")).toHaveText("Operator");

  const nav = page.getByRole("navigation", { name: "Main" });
  for (const label of ["Overview", "Events", "Credentials", "Merchants", "Providers", "API reference"]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0);

  // The browser's session carries the access token and the user, never the refresh token.
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session.user).toMatchObject({ name: "operator", role: "operator" });
  expect(typeof session.accessToken).toBe("string");
  expect(JSON.stringify(session)).not.toMatch(/refresh/i);
});

test("an admin also sees the audit log", async ({ page, signIn }) => {
  await signIn(USERS.admin);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Audit log" })).toBeVisible();
  await expect(page.getByTestId("user-role")).toHaveText("Admin");
});

test("a wrong password shows the message and stays on /login", async ({ page }) => {
  await fillSignInForm(page, { username: USERS.operator.username, password: "not-the-password" });
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong username or password.");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("Password")).toBeFocused();
  await expect(page.getByLabel("Password")).toHaveValue("");
});

test("a disabled account reads like wrong credentials", async ({ page }) => {
  await fillSignInForm(page, USERS.retired);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong username or password.");
  await expect(page).toHaveURL(/\/login$/);
});

test("an API-only account cannot open the console", async ({ page }) => {
  await fillSignInForm(page, USERS.ingest);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "This account is for API access only and cannot sign in to the console.",
  );
  await expect(page).toHaveURL(/\/login$/);
});

test("too many attempts for a username are refused with their own message", async ({ page, request }) => {
  const username = `ghost-${randomBytes(3).toString("hex")}`;
  // The limit is shared with the API (10 failures per username by default).
  for (let i = 0; i < 10; i++) {
    const response = await request.post("/v1/auth", { data: { username, password: "wrong-password-1" } });
    expect(response.status()).toBe(401);
  }
  await fillSignInForm(page, { username, password: "wrong-password-1" });
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Too many attempts. Try again in a few minutes.");
});

test("signing out returns to /login, and the dashboard then sends the visitor there", async ({ page, signIn }) => {
  await signIn(USERS.viewer);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

  await page.goto("/overview");
  await expect(page).toHaveURL(/\/login$/);
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session).toEqual({});
});

// NEXTAUTH_URL names one spelling of this machine (127.0.0.1 here; localhost by
// default). A user who came by the other stays there through sign-in and sign-out: the other host
// is another cookie jar, where the user would seem signed out, or still signed in.
test("signing in and out stays on the host the browser used, not NEXTAUTH_URL's", async ({ page }) => {
  const host = baseUrlOf(PORTS[0]).replace("127.0.0.1", "localhost");
  await page.goto(`${host}/login`);
  await page.getByLabel("Username").fill(USERS.viewer.username);
  await page.getByLabel("Password").fill(USERS.viewer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${host}/overview`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${host}/login`);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
});

test.describe("on the instance issuing short-lived access tokens", () => {
  test.use({ baseURL: baseUrlOf(SHORT_TOKEN_PORT) });

  test("the session renews its access token: providers load after the token expired", async ({ page, signIn }) => {
    await signIn(USERS.viewer);
    const first = (await (await page.request.get("/api/auth/session")).json()).accessToken as string;
    // Outlive the first access token (this instance issues them for a few seconds): the API refuses it as expired.
    const withFirst = () => page.request.get("/v1/providers", { headers: { authorization: `Bearer ${first}` } });
    await expect.poll(async () => (await withFirst()).status(), { intervals: [100] }).toBe(401);
    expect(await (await withFirst()).text()).toContain("The token has expired.");

    // Several session requests at once carry the same refresh token: the server renews once and
    // hands all of them the new pair (presenting the spent token again would end the session).
    const sessions = await Promise.all([1, 2, 3, 4].map(async () => (await page.request.get("/api/auth/session")).json()));
    for (const session of sessions) {
      expect(session.error).toBeUndefined();
      expect(typeof session.accessToken).toBe("string");
      expect(session.accessToken).not.toBe(first);
    }

    // Client-side navigation: the page still holds the expired token, meets a 401, renews, retries.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Providers" }).click();
    await expect(page).toHaveURL(/\/providers$/);
    await expect(page.getByTestId("provider-name")).toHaveText(PROVIDER_NAMES);

    // A full load after the rotation: the renewed pair was kept in the cookie.
    await page.reload();
    await expect(page.getByTestId("provider-name")).toHaveText(PROVIDER_NAMES);
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  });
});
