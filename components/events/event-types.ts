// The shapes the events API sends to the browser (types only: nothing here reaches the bundle).
import type { EventData, EventStatus } from "@/lib/events/data-schema";

export type { TerminalData } from "@/lib/events/data-schema";

import type { EventAttemptDto } from "@/lib/events/get-event";
import type { DeliveryDto } from "@/lib/webhooks/delivery-dto";

/** One event of GET /v1/webhooks/events. */
export type EventDto = {
  id: string;
  createdAt: string;
  updatedAt: string;
  type: string;
  status: EventStatus;
  data: EventData;
};

export type EventPage = {
  metadata: { cursor: string | null; limit: number; has_more: boolean };
  data: EventDto[];
};

/** GET /v1/webhooks/events/{id}: the event with why it failed and every processing attempt. */
export type EventDetail = EventDto & {
  failureReason: string | null;
  attemptCount: number;
  attempts: EventAttemptDto[];
  /** Absent in the placeholder built from a list row. */
  deliveries?: DeliveryDto[];
};
