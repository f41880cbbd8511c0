// An acquirer's response code with its words and its retry class (ABECS Normativo 21, in
// lib/declines/abecs-codes.ts): on the event detail in full, in the events table as a short line
// under the transaction status (the whole line in its title).
import { Badge } from "@/components/ui/badge";
import { describeResponseCode, type ResponseCodeClass, responseCodeLine } from "@/lib/declines/abecs-codes";

const CLASS_TONES: Record<ResponseCodeClass, "success" | "warning" | "danger" | "neutral"> = {
  approved: "success",
  reversible: "warning",
  irreversible: "danger",
  unknown: "neutral",
};

const CLASS_HINTS: Record<ResponseCodeClass, string> = {
  approved: "The acquirer approved it",
  reversible: "A retry may be approved",
  irreversible: "Never retry: the card brands charge for retrying it",
  unknown: "A code the ABECS table does not hold",
};

/** "51 · Insufficient funds · reversible" (its text exactly), the class as a badge. */
export function ResponseCode({ code }: { code: string }) {
  const d = describeResponseCode(code);
  return (
    <span data-testid="response-code" data-class={d.class}>
      {d.class === "unknown" ? null : <span className="font-mono text-[0.8125rem]">{d.code}</span>}
      {d.class === "unknown" ? null : " · "}
      <span title={d.pt ?? undefined}>{d.description}</span>
      {" · "}
      <Badge tone={CLASS_TONES[d.class]} title={CLASS_HINTS[d.class]}>
        {d.class}
      </Badge>
    </span>
  );
}

/** The code and its words in one short line for a table cell; the title holds the class too. */
export function ResponseCodeNote({ code }: { code: string }) {
  const d = describeResponseCode(code);
  return (
    <span
      className="block truncate text-xs text-(--fg-subtle)"
      title={responseCodeLine(code)}
      data-testid="response-code-note"
      data-class={d.class}
    >
      {d.class === "unknown" ? d.description : `${d.code} · ${d.description}`}
    </span>
  );
}
