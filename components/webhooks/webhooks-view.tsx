"use client";

// The webhook endpoints page: every endpoint (or one merchant's, ?merchantId= in the URL) with
// its health over 24 h; registering one shows its signing secret once; "Send test" answers the
// receiver's response inline; "Deliveries" lists an endpoint's deliveries with their attempts,
// and a delivery can be resent.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { type FormEvent, useId, useState } from "react";
import { MerchantPicker } from "@/components/merchants/merchant-picker";
import { useMerchantsById } from "@/components/merchants/merchant-queries";
import { ApiRequestError } from "@/components/providers/api-request-error";
import { useApiFetch } from "@/components/providers/use-api-fetch";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable, TBody, Td, THead, Th, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ACTIONS_COLUMN, ListTable } from "@/components/ui/list-table";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { showToast, Toaster } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import type { Page } from "@/lib/paging/page-params";
import type { DeliveryDetailDto, DeliveryDto } from "@/lib/webhooks/delivery-dto";
import type { WebhookEndpointDto } from "@/lib/webhooks/endpoint-dto";
import type { TestWebhookResult } from "@/lib/webhooks/send-test-webhook";

const endpointKeys = {
  list: (merchantId: string | undefined) => ["webhook-endpoints", { merchantId }] as const,
  deliveries: (endpointId: string) => ["webhook-deliveries", endpointId] as const,
  delivery: (id: string) => ["webhook-delivery", id] as const,
};

function parseFilters(params: URLSearchParams) {
  return { merchantId: params.get("merchantId")?.slice(0, 64) || undefined };
}

const ENDPOINT_COLUMNS = ["Endpoint", "Merchant", "Success (24 h)", "p50", "Last error", "Next retry", ACTIONS_COLUMN];

const percent = (v: number | null) => (v === null ? "—" : `${Math.round(v * 1000) / 10}%`);

export function WebhooksView({ canWrite }: { canWrite: boolean }) {
  const { status } = useSession();
  const apiFetch = useApiFetch();
  const [filters, setFilters] = useUrlFilters(parseFilters);
  const [selected, setSelected] = useState<string | null>(null);
  const [tests, setTests] = useState<Record<string, TestWebhookResult | "sending" | "error">>({});
  const submit = useApiSubmit();
  const filterId = useId();

  const query = useQuery({
    queryKey: endpointKeys.list(filters.merchantId),
    queryFn: () =>
      apiFetch<Page<WebhookEndpointDto>>(
        `/v1/webhook-endpoints?limit=100${filters.merchantId ? `&merchantId=${encodeURIComponent(filters.merchantId)}` : ""}`,
      ),
    enabled: status === "authenticated",
    refetchInterval: 10_000,
  });
  const endpoints = query.data?.data ?? [];
  const merchants = useMerchantsById(endpoints.map((e) => e.merchantId));

  async function sendTest(id: string) {
    setTests((t) => ({ ...t, [id]: "sending" }));
    try {
      const result = await submit<TestWebhookResult>(`/v1/webhook-endpoints/${id}/test`, { method: "POST", body: {} });
      setTests((t) => ({ ...t, [id]: result }));
    } catch {
      setTests((t) => ({ ...t, [id]: "error" }));
    }
  }

  return (
    <>
      <PageHeader
        title="Webhook endpoints"
        description="Where each merchant hears of its processed events: signed deliveries, retried on failure."
        actions={canWrite ? <NewEndpointButton defaultMerchantId={filters.merchantId} /> : undefined}
      />
      <Toaster />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Label htmlFor={filterId}>Merchant</Label>
        <div className="w-72">
          <MerchantPicker
            id={filterId}
            size="sm"
            value={filters.merchantId}
            placeholder="All merchants"
            onChange={(m) => setFilters({ merchantId: m?.id })}
          />
        </div>
      </div>
      {query.isError ? (
        <LoadError title="The endpoints could not be loaded." error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.isPending && endpoints.length === 0 ? (
        <EmptyState icon={<Icon name="inbox" className="size-5" />} title="No webhook endpoints">
          {canWrite ? "Register one with “New endpoint”." : "Endpoints appear here once an operator registers them."}
        </EmptyState>
      ) : (
        <ListTable caption="Webhook endpoints" testId="endpoints-table" pending={query.isPending} columns={ENDPOINT_COLUMNS}>
          {endpoints.map((endpoint) => {
            const test = tests[endpoint.id];
            const health = endpoint.health;
            return (
              <Tr key={endpoint.id} data-testid="endpoint-row">
                <Td>
                  <p className="font-mono text-[13px] break-all">{endpoint.url}</p>
                  <p className="text-xs text-(--fg-subtle)">{endpoint.description}</p>
                  {endpoint.enabled ? null : (
                    <Badge tone="danger">Disabled{endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ""}</Badge>
                  )}
                  {test && test !== "sending" ? (
                    <div className="mt-2" data-testid="test-result">
                      {test === "error" ? (
                        <Alert tone="danger">The test could not be sent.</Alert>
                      ) : (
                        <Alert tone={test.ok ? "info" : "danger"} title={test.ok ? "Test delivered" : "Test failed"}>
                          {test.statusCode !== null ? `HTTP ${test.statusCode}` : test.errorClass} in {test.durationMs} ms
                          {test.responseBody ? (
                            <pre className="mt-1 max-h-24 overflow-auto font-mono text-xs whitespace-pre-wrap">
                              {test.responseBody}
                            </pre>
                          ) : null}
                        </Alert>
                      )}
                    </div>
                  ) : null}
                </Td>
                <Td>{merchants.get(endpoint.merchantId)?.name ?? endpoint.merchantId}</Td>
                <Td>{health ? `${percent(health.successRate24h)} of ${health.attempts24h}` : "—"}</Td>
                <Td>{health?.p50LatencyMs24h != null ? `${Math.round(health.p50LatencyMs24h)} ms` : "—"}</Td>
                <Td>
                  {health?.lastError ? (
                    <span>
                      {health.lastError.errorClass}
                      {health.lastError.statusCode ? ` (${health.lastError.statusCode})` : ""}{" "}
                      <DateTime iso={health.lastError.at} />
                    </span>
                  ) : (
                    "—"
                  )}
                </Td>
                <Td>{health?.nextRetryAt ? <DateTime iso={health.nextRetryAt} /> : "—"}</Td>
                <Td className="text-right whitespace-nowrap">
                  <div className="flex justify-end gap-1">
                    {canWrite ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={test === "sending"}
                        onClick={() => void sendTest(endpoint.id)}
                        aria-label={`Send test event to ${endpoint.url}`}
                      >
                        {test === "sending" ? "Sending…" : "Send test"}
                      </Button>
                    ) : null}
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={selected === endpoint.id}
                      onClick={() => setSelected(selected === endpoint.id ? null : endpoint.id)}
                      aria-label={`Deliveries of ${endpoint.url}`}
                    >
                      Deliveries
                    </Button>
                  </div>
                </Td>
              </Tr>
            );
          })}
        </ListTable>
      )}
      {selected ? <EndpointDeliveries endpointId={selected} canWrite={canWrite} /> : null}
    </>
  );
}

function deliveryTone(status: string) {
  return status === "succeeded" ? "success" : status === "failed" ? "danger" : "warning";
}

function EndpointDeliveries({ endpointId, canWrite }: { endpointId: string; canWrite: boolean }) {
  const apiFetch = useApiFetch();
  const { status } = useSession();
  const [open, setOpen] = useState<string | null>(null);
  const query = useQuery({
    queryKey: endpointKeys.deliveries(endpointId),
    queryFn: () => apiFetch<Page<DeliveryDto>>(`/v1/webhook-deliveries?endpointId=${endpointId}&limit=50`),
    enabled: status === "authenticated",
    refetchInterval: 5_000,
  });
  const deliveries = query.data?.data ?? [];
  return (
    <section className="mt-6" aria-labelledby={`deliveries-${endpointId}`}>
      <h2 id={`deliveries-${endpointId}`} className="mb-2 text-base font-semibold">
        Deliveries
      </h2>
      {!query.isPending && deliveries.length === 0 ? (
        <p className="text-sm text-(--fg-muted)">No deliveries yet.</p>
      ) : (
        <DeliveryTable
          deliveries={deliveries}
          canWrite={canWrite}
          open={open}
          onToggle={(id) => setOpen(open === id ? null : id)}
        />
      )}
    </section>
  );
}

/** Deliveries with their status; a row opens its attempts (and the resend button). */
export function DeliveryTable({
  deliveries,
  canWrite,
  open,
  onToggle,
}: {
  deliveries: DeliveryDto[];
  canWrite: boolean;
  open: string | null;
  onToggle: (id: string) => void;
}) {
  return (
    <DataTable caption="Deliveries" testId="deliveries-table">
      <THead>
        <Th>Webhook id</Th>
        <Th>Status</Th>
        <Th>Attempts</Th>
        <Th>Last attempt</Th>
        <Th className="text-right">
          <span className="sr-only">Actions</span>
        </Th>
      </THead>
      <TBody>
        {deliveries.map((d) => (
          <DeliveryRow key={d.id} delivery={d} canWrite={canWrite} open={open === d.id} onToggle={() => onToggle(d.id)} />
        ))}
      </TBody>
    </DataTable>
  );
}

function DeliveryRow({
  delivery,
  canWrite,
  open,
  onToggle,
}: {
  delivery: DeliveryDto;
  canWrite: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const apiFetch = useApiFetch();
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: endpointKeys.delivery(delivery.id),
    queryFn: () => apiFetch<DeliveryDetailDto>(`/v1/webhook-deliveries/${delivery.id}`),
    enabled: open,
    refetchInterval: open ? 3_000 : false,
  });
  async function resend() {
    try {
      await submit(`/v1/webhook-deliveries/${delivery.id}/resend`, { method: "POST", body: {} });
      showToast({ title: "Delivery queued again", tone: "success" });
      await queryClient.invalidateQueries({ queryKey: ["webhook-deliveries"] });
      await queryClient.invalidateQueries({ queryKey: endpointKeys.delivery(delivery.id) });
    } catch (error) {
      showToast({
        title: "Not resent",
        description: error instanceof ApiRequestError ? error.message : undefined,
        tone: "danger",
      });
    }
  }
  return (
    <>
      <Tr data-testid="delivery-row">
        <Td className="font-mono text-xs">{delivery.webhookId}</Td>
        <Td>
          <Badge tone={deliveryTone(delivery.status)}>{delivery.status}</Badge>
        </Td>
        <Td>{delivery.attemptCount}</Td>
        <Td>{delivery.lastAttemptAt ? <DateTime iso={delivery.lastAttemptAt} /> : "—"}</Td>
        <Td className="text-right whitespace-nowrap">
          <Button variant="ghost" size="sm" aria-expanded={open} onClick={onToggle}>
            Attempts
          </Button>
          {canWrite && delivery.status !== "pending" ? (
            <Button variant="ghost" size="sm" onClick={() => void resend()}>
              Resend
            </Button>
          ) : null}
        </Td>
      </Tr>
      {open ? (
        <Tr>
          <Td colSpan={5}>
            <ol className="space-y-1 text-sm" data-testid="attempts">
              {(detail.data?.attempts ?? []).map((a) => (
                <li key={a.id} data-testid="attempt">
                  <DateTime iso={a.startedAt} /> · {a.statusCode !== null ? `HTTP ${a.statusCode}` : "no response"} ·{" "}
                  {a.errorClass ?? "delivered"} · {a.durationMs} ms
                  {a.responseBody ? (
                    <span className="ml-2 font-mono text-xs text-(--fg-subtle)">{a.responseBody.slice(0, 200)}</span>
                  ) : null}
                </li>
              ))}
            </ol>
          </Td>
        </Tr>
      ) : null}
    </>
  );
}

function NewEndpointButton({ defaultMerchantId }: { defaultMerchantId?: string }) {
  const [open, setOpen] = useState(false);
  const [merchantId, setMerchantId] = useState<string | undefined>(defaultMerchantId);
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<WebhookEndpointDto | null>(null);
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const ids = { merchant: useId(), url: useId(), description: useId(), error: useId() };

  function close() {
    if (pending) return;
    setOpen(false);
    setCreated(null);
    setUrl("");
    setDescription("");
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!merchantId) return setError("Choose a merchant.");
    setPending(true);
    setError(null);
    try {
      const endpoint = await submit<WebhookEndpointDto>("/v1/webhook-endpoints", {
        method: "POST",
        body: { merchantId, url, description },
      });
      setCreated(endpoint);
      await queryClient.invalidateQueries({ queryKey: ["webhook-endpoints"] });
    } catch (e) {
      const field = e instanceof ApiRequestError ? e.fieldErrors?.[0] : undefined;
      setError(field ? `${field.field} ${field.message}` : e instanceof Error ? e.message : "The endpoint was not registered.");
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>New endpoint</Button>
      <Dialog
        open={open}
        onClose={close}
        title={created ? "Endpoint registered" : "New endpoint"}
        footer={
          created ? (
            <Button onClick={close}>Done</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" form="new-endpoint-form" disabled={pending}>
                {pending ? "Registering…" : "Register endpoint"}
              </Button>
            </>
          )
        }
      >
        {created ? (
          <div className="space-y-3">
            <Alert tone="info" title="Copy the signing secret now">
              It is shown this once. Receivers verify each delivery with it (Standard Webhooks).
            </Alert>
            <div className="flex items-center gap-2">
              <code className="rounded bg-(--surface-muted) px-2 py-1 font-mono text-xs break-all" data-testid="endpoint-secret">
                {created.secret}
              </code>
              <CopyButton value={created.secret} label="Copy secret" />
            </div>
          </div>
        ) : (
          <form id="new-endpoint-form" className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
            <div className="space-y-1">
              <Label htmlFor={ids.merchant}>Merchant</Label>
              <MerchantPicker id={ids.merchant} value={merchantId} onChange={(m) => setMerchantId(m?.id)} />
            </div>
            <div className="space-y-1">
              <Label htmlFor={ids.url}>URL</Label>
              <Input
                id={ids.url}
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                placeholder="https://merchant.example/webhooks"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? ids.error : undefined}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={ids.description}>Description</Label>
              <Input id={ids.description} value={description} onChange={(e) => setDescription(e.target.value)} />
            </div>
            {error ? (
              <p id={ids.error} role="alert" className="text-sm text-(--danger)">
                {error}
              </p>
            ) : null}
          </form>
        )}
      </Dialog>
    </>
  );
}
