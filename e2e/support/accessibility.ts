// The browser tests' accessibility checks (axe-core): the serious and critical violations of a
// page, and the start of a check in one colour scheme.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { signInAs } from "./fixtures";
import type { E2EUser } from "./users";

export type ColorScheme = "light" | "dark";
export const COLOR_SCHEMES: readonly ColorScheme[] = ["light", "dark"];

/** The serious and critical violations of the page, or of the parts `include` names (all of it by default). */
export async function seriousViolations(page: Page, include: string[] = []) {
  const builder = new AxeBuilder({ page });
  for (const selector of include) builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

/** `path` signed in as `user`, in the colour scheme and with motion reduced (screenshots stay still). */
export async function openInScheme(page: Page, colorScheme: ColorScheme, user: E2EUser, path: string): Promise<void> {
  await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
  await signInAs(page, user);
  await page.goto(path);
}
