"use client";

// What a view shows when its data could not be loaded: the reason, and a way to try again.
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icons";

function LoadError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert
      title={title}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <Icon name="refresh" className="size-4" />
          Try again
        </Button>
      }
    >
      {error.message}
    </Alert>
  );
}

/**
 * A query's failed load ("The <what> could not be loaded.", the reason, Try again), or nothing
 * while it has not failed: every view and panel says so rather than looking empty ("No deliveries
 * yet.") or loading for ever.
 */
export function QueryLoadError({
  query,
  what,
}: {
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
  what: string;
}) {
  if (!query.isError || !query.error) return null;
  return <LoadError title={`The ${what} could not be loaded.`} error={query.error} onRetry={() => void query.refetch()} />;
}
