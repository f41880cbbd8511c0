// What a rule reports: a condition that holds now, for one subject. The evaluator
// (evaluate-alerts.ts) opens an alert for a finding without an open one, keeps the open one
// otherwise, and resolves the open alerts of the rule's kinds that no finding names any more.
import type { AlertKind, AlertSubjectType } from "@/lib/alerts/alert-kinds";

export type Finding = {
  kind: AlertKind;
  subjectType: AlertSubjectType;
  subjectId: string;
  /** The failure reason of a failure_rate finding; "" otherwise. */
  reason: string;
  merchantId: string | null;
  details: Record<string, unknown>;
};

/** The open-once key (alerts.subject_key, unique among open alerts). */
export const subjectKey = (f: Pick<Finding, "kind" | "subjectType" | "subjectId" | "reason">) =>
  `${f.kind}|${f.subjectType}|${f.subjectId}|${f.reason}`.slice(0, 200);

/** An open alert as a rule sees it. */
export type OpenAlert = {
  id: string;
  kind: AlertKind;
  subjectType: AlertSubjectType;
  subjectId: string;
  reason: string;
  merchantId: string | null;
  openedAt: Date;
  details: Record<string, unknown>;
};

/** A rule: the kinds it decides (their open alerts no finding names are resolved) and its findings at `now`. */
export type AlertRule = {
  kinds: readonly AlertKind[];
  find: (now: Date, open: OpenAlert[]) => Promise<Finding[]>;
};

export const isoOf = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
