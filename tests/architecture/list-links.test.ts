// Links the dashboard builds to its lists keep their filters: every builder's link, read back by
// the list's own parser, holds exactly the filters it was given (the alerts' "Events" links once
// wrote acquirer=, merchantId= and failureReason= to a page reading acquirer_name, merchant_id and
// failure_reason, and showed every failure of the period). And no list link is written by hand
// outside lib/links/list-links.ts, so a new one cannot get the names wrong either.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAlertFilters } from "@/components/alerts/alert-queries";
import { alertLink } from "@/components/alerts/alert-summary";
import { parseCredentialFilters } from "@/components/credentials/credential-queries";
import { parseExceptionFilters } from "@/components/reconciliation/reconciliation-queries";
import type { AlertDto } from "@/lib/alerts/alert-dto";
import { ALERT_KINDS, ALERT_SUBJECT_TYPES } from "@/lib/alerts/alert-kinds";
import { EMPTY_FILTERS, parseEventFilters } from "@/lib/events/list/event-filters";
import {
  alertsLink,
  credentialsLink,
  eventsLink,
  parseWebhookFilters,
  reconciliationLink,
  webhooksLink,
} from "@/lib/links/list-links";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LISTS = ["events", "credentials", "webhooks", "alerts", "audit", "users", "merchants", "overview", "reconciliation"];
const ID = "d4qkife50cl5n7t7vng0";

const searchOf = (link: string) => new URL(link, "http://console.test").searchParams;

describe("the list links", () => {
  it("read back by the events page, hold the filters they were given", () => {
    const filters = {
      status: ["failed" as const],
      acquirer: "cielo" as const,
      merchantId: "m-1",
      terminalId: "t-1",
      failureReason: "no_matching_credential",
      acquirerMerchantId: "MID1",
      from: "2026-11-27T10:00:00.000Z",
      to: "2026-11-27T11:00:00.000Z",
    };
    expect(parseEventFilters(searchOf(eventsLink(filters)))).toEqual({ ...EMPTY_FILTERS, ...filters });
    expect(eventsLink()).toBe("/events");
  });

  it("read back by the other lists, hold the filters they were given", () => {
    expect(parseCredentialFilters(searchOf(credentialsLink({ merchantId: ID, id: ID })))).toMatchObject({
      merchantId: ID,
      id: ID,
    });
    expect(parseAlertFilters(searchOf(alertsLink({ state: "open" })))).toMatchObject({ state: "open" });
    expect(parseWebhookFilters(searchOf(webhooksLink({ merchantId: ID })))).toEqual({ merchantId: ID });
    expect(webhooksLink()).toBe("/webhooks");
    const exceptions = { import_id: ID, kind: "amount_mismatch", merchant_id: ID, status: "open" };
    expect(parseExceptionFilters(searchOf(reconciliationLink(exceptions)))).toEqual(exceptions);
    expect(reconciliationLink()).toBe("/reconciliation");
  });

  it("of every alert lead to the events (or endpoints) of its subject, reason and window", () => {
    for (const kind of ALERT_KINDS) {
      for (const type of ALERT_SUBJECT_TYPES) {
        const alert = {
          id: ID,
          kind,
          state: "open",
          subject: { type, id: type === "acquirer" ? "rede" : type === "import" ? ID : "subject-1" },
          failureReason: kind === "failure_rate" ? "credential_disabled" : null,
          merchantId: null,
          details: { windowStart: "2026-11-27T09:00:00.000Z" },
          openedAt: "2026-11-27T09:05:00.000Z",
          lastSeenAt: "2026-11-27T09:30:00.000Z",
          resolvedAt: null,
          acknowledgedAt: null,
          acknowledgedBy: null,
        } satisfies AlertDto;
        const { href } = alertLink(alert);
        const where = `${kind} on ${type}`;
        if (type === "endpoint") {
          expect(href, where).toBe("/webhooks");
          continue;
        }
        if (type === "import") {
          expect(new URL(href, "http://console.test").pathname, where).toBe("/reconciliation");
          expect(parseExceptionFilters(searchOf(href)), where).toEqual({
            import_id: ID,
            kind: "missing_notification",
            merchant_id: undefined,
            status: "open",
          });
          continue;
        }
        const shown = parseEventFilters(searchOf(href));
        if (type === "queue") {
          expect(shown.status, where).toEqual(["pending"]);
          continue;
        }
        const subject = { acquirer: shown.acquirer, merchant: shown.merchantId, terminal: shown.terminalId }[type];
        expect(subject, where).toBe(alert.subject.id);
        if (kind === "failure_rate") {
          expect([shown.status, shown.failureReason, shown.from, shown.to], where).toEqual([
            ["failed"],
            "credential_disabled",
            "2026-11-27T09:00:00.000Z",
            "2026-11-27T09:30:00.000Z",
          ]);
        }
      }
    }
  });
});

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(relative);
    }
  };
  walk(folder);
  return found;
}

describe("list links written by hand", () => {
  it("do not exist outside lib/links/list-links.ts", () => {
    const handWritten = new RegExp(`["'\`]/(${LISTS.join("|")})\\?`);
    const offenders = ["app", "components", "lib"]
      .flatMap(sourceFiles)
      .filter((file) => file !== path.join("lib", "links", "list-links.ts"))
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), "utf8")
          .split("\n")
          .map((line, i) => ({ file, line: i + 1, text: line.trim() }))
          .filter(({ text }) => handWritten.test(text)),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(offenders).toEqual([]);
  });
});
