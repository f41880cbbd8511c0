"use client";
import { ApiRequestError } from "@/components/api/api-request-error";
import {
  MerchantLink,
  Mono,
  none,
  Section,
  SectionHeadingLevel,
  SubHeading,
  Time,
} from "@/components/events/detail/detail-parts";
import { Attempts, Deliveries } from "@/components/events/detail/event-history";
import { EventSummary } from "@/components/events/detail/event-summary";
import { PaymentTimeline } from "@/components/events/detail/payment-timeline";
import { EventIcon } from "@/components/events/event-icons";
import type { EventDetail as EventDetailData, TerminalData } from "@/components/events/event-types";
import { acquirerLabel, brandLabel, formatAmount, formatTaxId, humanize } from "@/components/events/format";
import { ResponseCode } from "@/components/events/response-code";
import { EventStatusBadge, TransactionStatusLabel } from "@/components/events/status-badge";
import { useEventDetail } from "@/components/events/use-event-detail";
import { EventReconciliation } from "@/components/reconciliation/event-reconciliation";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryLoadError } from "@/components/ui/load-error";
import { LoadingStatus } from "@/components/ui/loading-status";
import { Skeleton } from "@/components/ui/skeleton";

/** A notification may omit terminalData (null): shown as a terminal with nothing reported. */
const NO_TERMINAL_DATA: TerminalData = {
  navigationMethod: null,
  networkSsid: null,
  simSerialNumber: null,
  simApnData: null,
  ipAddress: null,
  latitude: null,
  longitude: null,
};

/** The payment's metadata, key by key, as the sender gave it. */
function MetadataSection({ metadata }: { metadata: [string, unknown][] }) {
  return (
    <Section title="Metadata">
      {metadata.length ? (
        <dl className="divide-y divide-(--line)">
          {metadata.map(([key, value]) => (
            <div key={key} className="grid grid-cols-[9.5rem_minmax(0,1fr)] gap-3 px-4 py-2 text-sm">
              <dt className="truncate font-mono text-[0.8125rem] text-(--fg-muted)" title={key}>
                {key}
              </dt>
              <dd className="min-w-0 text-(--fg)">
                <Mono>{String(value)}</Mono>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="px-4 py-3 text-sm text-(--fg-muted)">No metadata was sent with this payment.</p>
      )}
    </Section>
  );
}

export function EventDetailView({ event, preview }: { event: EventDetailData; preview: boolean }) {
  const { data } = event;
  const card = data.cardData;
  const terminal = data.terminalData ?? NO_TERMINAL_DATA;
  const json = JSON.stringify(event, null, 2);
  const coordinates = terminal.latitude !== null && terminal.longitude !== null ? [terminal.latitude, terminal.longitude] : null;
  const metadata = Object.entries(data.metadata ?? {});

  return (
    <div className="@container space-y-5" data-testid="event-detail" data-event-id={event.id} data-status={event.status}>
      <EventSummary event={event} preview={preview} />

      <div className="grid grid-cols-1 gap-5 @3xl:grid-cols-2">
        <Section
          title="Transaction"
          fields={[
            ["Type", humanize(data.transactionType)],
            ["Status", <TransactionStatusLabel key="s" status={data.transactionStatus} />],
            [
              "Amount",
              <span key="a" className="tabular-nums">
                {formatAmount(data.amount, data.currency)}
              </span>,
            ],
            ["Payment method", humanize(data.paymentMethod)],
            [
              "Installments",
              data.installments
                ? `${data.installments}× ${data.installmentInterest ? "with interest" : "interest-free"}`
                : "None",
            ],
            ["Authorization", none(data.authorizationCode && <Mono>{data.authorizationCode}</Mono>)],
            ["RRN / NSU", none(data.retrievalReferenceNumber && <Mono>{data.retrievalReferenceNumber}</Mono>)],
            ["Response code", none(data.acquirerResponseCode && <ResponseCode code={data.acquirerResponseCode} />)],
            ["Application (AID)", none(data.productAid && <Mono>{data.productAid}</Mono>)],
          ]}
        />
        <Section title="Payment" fields={[["Reconciliation", <EventReconciliation key="r" eventId={event.id} />]]}>
          <PaymentTimeline event={event} loading={preview} />
        </Section>
        {card ? (
          <Section
            title="Card"
            fields={[
              ["Brand", brandLabel(card.cardBrand)],
              [
                "Number",
                card.bin || card.last4 ? (
                  <Mono key="n">
                    {card.bin ?? "••••••"} •••••• {card.last4 ?? "••••"}
                  </Mono>
                ) : null,
              ],
              ["Capture", humanize(card.captureMethod)],
              ["Holder", none(card.holderName)],
            ]}
          />
        ) : (
          <Section title="Card">
            <p className="px-4 py-3 text-sm text-(--fg-muted)">No card: this is a pix payment.</p>
          </Section>
        )}
        <Section
          title="Merchant and acquirer"
          fields={[
            ["Merchant", <MerchantLink key="m" id={data.merchantId} />],
            ["Tax id", <Mono key="t">{formatTaxId(data.merchantTaxId)}</Mono>],
            ["Acquirer", acquirerLabel(data.acquirerName)],
            ["MID", <Mono key="mid">{data.acquirerMerchantIdentifier}</Mono>],
            ["TID", <Mono key="tid">{data.acquirerTerminalIdentifier}</Mono>],
          ]}
        />
        <Section
          title="Terminal"
          fields={[
            ["Terminal", <Mono key="t">{data.terminalId}</Mono>],
            ["Serial number", <Mono key="s">{data.terminalSerialNumber}</Mono>],
            [
              "Network",
              terminal.navigationMethod
                ? `${terminal.navigationMethod.toUpperCase().replace("WIFI", "Wi-Fi").replace("ETHERNET", "Ethernet")}${terminal.networkSsid ? ` · ${terminal.networkSsid}` : ""}`
                : null,
            ],
            ["SIM (ICCID)", none(terminal.simSerialNumber && <Mono>{terminal.simSerialNumber}</Mono>)],
            ["APN", none(terminal.simApnData && <Mono>{terminal.simApnData}</Mono>)],
            ["IP address", none(terminal.ipAddress && <Mono>{terminal.ipAddress}</Mono>)],
            [
              "Location",
              coordinates ? (
                <a
                  key="l"
                  href={`https://www.openstreetmap.org/?mlat=${coordinates[0]}&mlon=${coordinates[1]}#map=16/${coordinates[0]}/${coordinates[1]}`}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="inline-flex items-center gap-1 text-(--accent-text) hover:underline"
                >
                  <EventIcon name="mapPin" className="size-3.5" />
                  <span className="tabular-nums">
                    {coordinates[0]!.toFixed(5)}, {coordinates[1]!.toFixed(5)}
                  </span>
                  <span className="sr-only">(opens OpenStreetMap in a new tab)</span>
                </a>
              ) : null,
            ],
          ]}
        />
        <MetadataSection metadata={metadata} />
        <Section
          title="Processing"
          fields={[
            ["Status", <EventStatusBadge key="s" status={event.status} />],
            ["Attempts", preview ? <Skeleton key="a" className="h-4 w-8" /> : event.attemptCount],
            ["Received", <Time key="r" iso={event.createdAt} />],
            ["Last change", <Time key="u" iso={event.updatedAt} />],
            ["Event type", <Mono key="t">{event.type}</Mono>],
          ]}
        >
          <SubHeading>Attempts, latest first</SubHeading>
          <Attempts event={event} loading={preview} />
          <SubHeading>Webhook deliveries</SubHeading>
          <Deliveries event={event} loading={preview} />
        </Section>
        <Section title="Raw JSON" wide>
          <div className="flex items-center justify-between gap-3 border-b border-(--line) px-4 py-2">
            <p className="text-xs text-(--fg-muted)">As GET /v1/webhooks/events/{"{id}"} returns it.</p>
            <CopyButton value={json} label="Copy JSON" />
          </div>
          <pre
            data-testid="event-json"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            className="max-h-96 overflow-auto rounded-b-lg bg-(--surface-muted) px-4 py-3 font-mono text-xs leading-relaxed text-(--fg)"
          >
            {json}
          </pre>
        </Section>
      </div>
    </div>
  );
}

export function EventDetailSkeleton() {
  return (
    <div className="@container space-y-5">
      <LoadingStatus>Loading the event…</LoadingStatus>
      <div className="space-y-3 rounded-lg border border-(--line) bg-(--surface) px-5 py-5">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-5 w-72" />
      </div>
      <div className="grid grid-cols-1 gap-5 @3xl:grid-cols-2">
        {["a", "b", "c", "d"].map((k) => (
          <Skeleton key={k} className="h-56 w-full" />
        ))}
      </div>
    </div>
  );
}

/** Loads the event and shows it, with loading, not-found and error states; its sections' headings at `headingLevel`. */
export function EventDetail({ id, headingLevel = 3 }: { id: string; headingLevel?: 2 | 3 }) {
  return (
    <SectionHeadingLevel value={headingLevel}>
      <LoadedEventDetail id={id} />
    </SectionHeadingLevel>
  );
}

function LoadedEventDetail({ id }: { id: string }) {
  const query = useEventDetail(id);
  if (query.isPending) return <EventDetailSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404)
      return (
        <EmptyState icon="events" title="No event has this id">
          Check the id (20 characters, as in the Event column), or search for it on the events page.
        </EmptyState>
      );
    return <QueryLoadError query={query} what="event" />;
  }
  return <EventDetailView event={query.data} preview={query.isPlaceholderData} />;
}
