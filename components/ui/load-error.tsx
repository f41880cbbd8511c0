"use client";

// What a view shows when its data could not be loaded: the reason, and a way to try again.
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icons";

export function LoadError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
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
 * A query's failed load, or nothing: for a panel that would otherwise look empty ("No
 * deliveries yet.") or keep saying it is loading when its request failed.
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
