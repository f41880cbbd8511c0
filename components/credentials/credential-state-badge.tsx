// A credential's one state, as an operator needs it: disabled here overrides whatever the
// acquirer says (notifications fail with credential_disabled), else the acquirer's status. The
// mode (test or live) sits under it, and the badge's title says both halves in full.
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
  const title = enabled
    ? `${STATUS_LABELS[status]}: ${STATUS_HINTS[status]}`
    : `Disabled here: notifications for this account fail with “credential disabled”. At the acquirer: ${STATUS_LABELS[status].toLowerCase()}.`;
  return (
    <div>
      <Badge tone={enabled ? STATUS_TONES[status] : "danger"} title={title} data-testid="credential-state">
        {enabled ? STATUS_LABELS[status] : "Disabled"}
      </Badge>
      <p className="mt-1 text-xs text-(--fg-subtle)" data-testid="credential-mode">
        {testMode ? "Test mode" : "Live"}
      </p>
    </div>
  );
}
