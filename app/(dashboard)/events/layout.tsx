import type { ReactNode } from "react";

// The events list, and the @panel slot: opening an event from the table (a client navigation to
// /events/{id}) shows it as a side panel over the list, which stays as it was.
export default function EventsLayout({ children, panel }: { children: ReactNode; panel: ReactNode }) {
  return (
    <>
      {children}
      {panel}
    </>
  );
}
