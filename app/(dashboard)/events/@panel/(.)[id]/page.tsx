import { EventDetailPanel } from "@/components/events/event-detail-panel";

// /events/{id} reached from the table: the event in a side panel, the list staying behind it.
export default async function EventPanel({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EventDetailPanel id={id} />;
}
