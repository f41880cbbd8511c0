"use client";

// A password the service made for someone else, shown this once: copy it and hand it over.
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";

export function OneTimePassword({ username, password }: { username: string; password: string }) {
  return (
    <div className="space-y-4" data-testid="one-time-password">
      <Alert tone="info" title="Copy the password now: it is not shown again.">
        Give it to {username} over a channel you trust. If it is lost, reset it.
      </Alert>
      <div className="flex items-center gap-3 rounded-md border border-(--line) bg-(--surface-muted)/60 px-4 py-3">
        <code className="min-w-0 flex-1 font-mono text-sm break-all select-all" data-testid="password">
          {password}
        </code>
        <CopyButton value={password} label="Copy password" />
      </div>
    </div>
  );
}
