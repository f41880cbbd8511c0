// An endpoint's signing secret as the API answers it once (a new endpoint, a rotation): what to
// do with it, the secret and a copy button.
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";

export function SecretShownOnce({
  title,
  secret,
  testId,
  children,
}: {
  title: string;
  secret: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-3">
      <Alert tone="info" title={title}>
        {children}
      </Alert>
      <div className="flex items-center gap-2">
        <code className="rounded bg-(--surface-muted) px-2 py-1 font-mono text-xs break-all" data-testid={testId}>
          {secret}
        </code>
        <CopyButton value={secret} label="Copy secret" />
      </div>
    </div>
  );
}
