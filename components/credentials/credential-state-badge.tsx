// A credential's two states, each said plainly: whether it is enabled here (a disabled one matches
// no notification: they fail with credential_disabled) and the acquirer's status of the account.
// One badge mixing the two showed "Disconnected" the moment a credential was enabled, which read
// as if enabling had failed. The mode (test or live) sits under them.
import { STATUS_HINTS, STATUS_LABELS, STATUS_TONES } from "@/components/credentials/credential-display";
import { Badge } from "@/components/ui/badge";
import type { CredentialStatus } from "@/lib/credentials/schemas";

export function CredentialStateBadge({
  enabled,
  status,
  testMode,
}: {
  enabled: boolean;
  status: CredentialStatus;
  testMode: boolean;
}) {
  return (
    <div>
      <dl className="grid grid-cols-[auto_auto] items-center justify-start gap-x-2 gap-y-1 text-xs">
        <dt className="text-(--fg-subtle)">Here</dt>
        <dd>
          <Badge
            tone={enabled ? "success" : "danger"}
            title={
              enabled
                ? "Enabled: notifications for this account are matched to the merchant."
                : "Disabled: notifications for this account fail with “credential disabled”."
            }
            data-testid="credential-enabled"
          >
            {enabled ? "Enabled" : "Disabled"}
          </Badge>
        </dd>
        <dt className="text-(--fg-subtle)">Acquirer</dt>
        <dd>
          <Badge
            tone={STATUS_TONES[status]}
            title={`${STATUS_LABELS[status]}: ${STATUS_HINTS[status]}`}
            data-testid="credential-status"
          >
            {STATUS_LABELS[status]}
          </Badge>
        </dd>
      </dl>
      <p className="mt-1 text-xs text-(--fg-subtle)" data-testid="credential-mode">
        {testMode ? "Test mode" : "Live"}
      </p>
    </div>
  );
}
