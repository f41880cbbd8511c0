"use client";

// The Providers page's cards: each acquirer a credential can connect to, with the fields it asks for.
import { KIND_LABELS } from "@/components/credentials/credential-display";
import { useProviders } from "@/components/providers/provider-queries";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icons";
import { LoadingStatus } from "@/components/ui/loading-status";
import { SkeletonCards } from "@/components/ui/skeleton";
import type { ProviderDto } from "@/lib/providers/list-providers";
import type { ProviderField } from "@/lib/providers/provider-fields";

function FieldList({ title, fields }: { title: string; fields: ProviderField[] }) {
  if (fields.length === 0) return null;
  return (
    <div>
      <h3 className="text-xs font-medium tracking-wide text-(--fg-subtle) uppercase">{title}</h3>
      <ul className="mt-2 divide-y divide-(--line) rounded-md border border-(--line)">
        {fields.map((field) => (
          <li key={field.name} className="flex items-start justify-between gap-3 px-3 py-2.5">
            <div className="min-w-0">
              <p className="text-sm font-medium text-(--fg)">{field.label}</p>
              <p className="mt-0.5 truncate font-mono text-xs text-(--fg-subtle)">
                {field.name}
                <span className="font-sans"> · e.g. </span>
                {field.example}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-1.5">
              {field.secret ? (
                <Badge tone="warning" className="gap-1">
                  <Icon name="lock" className="size-3" />
                  Secret
                </Badge>
              ) : null}
              <Badge tone="neutral">{field.required ? "Required" : "Optional"}</Badge>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProviderCard({ provider }: { provider: ProviderDto }) {
  const headingId = `provider-${provider.id}`;
  return (
    <Card className="flex flex-col" data-testid="provider-card">
      <article aria-labelledby={headingId} className="flex flex-1 flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-(--line) px-5 py-4">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-(--fg)">
              {provider.displayName}
            </h2>
            <p className="mt-0.5 font-mono text-xs text-(--fg-subtle)" data-testid="provider-name">
              {provider.name}
            </p>
          </div>
          <Badge tone="accent">{KIND_LABELS[provider.kind] ?? provider.kind}</Badge>
        </div>
        <div className="space-y-5 px-5 py-4">
          <FieldList title="Authentication" fields={provider.authenticationFields} />
          <FieldList title="Additional data" fields={provider.additionalDataFields} />
        </div>
      </article>
    </Card>
  );
}

function LoadingCards() {
  return (
    <>
      <LoadingStatus>Loading providers…</LoadingStatus>
      <SkeletonCards
        grid="grid grid-cols-1 gap-5 lg:grid-cols-2"
        card="space-y-4 px-5 py-5"
        lines={["h-5 w-32", "h-3 w-20", "h-24 w-full"]}
      />
    </>
  );
}

/** GET /v1/providers through the browser, with the session's bearer token. */
export function ProviderList() {
  const query = useProviders();

  if (query.isPending) return <LoadingCards />;
  if (query.isError) {
    return (
      <Alert
        title="The providers could not be loaded."
        action={
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            <Icon name="refresh" className="size-4" />
            Try again
          </Button>
        }
      >
        {query.error.message}
      </Alert>
    );
  }
  const providers = query.data;
  if (providers.length === 0) {
    return (
      <EmptyState icon="providers" title="No providers configured">
        Providers come with the database migrations; an empty list means the migrations have not run.
      </EmptyState>
    );
  }
  return (
    <section aria-label="Providers">
      <p className="mb-4 text-sm text-(--fg-muted)">
        {providers.length} providers · {providers.filter((p) => p.kind === "card_present_emv").length} card present
      </p>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        {providers.map((provider) => (
          <ProviderCard key={provider.id} provider={provider} />
        ))}
      </div>
    </section>
  );
}
