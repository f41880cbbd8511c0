// The first page of events for the page's filter, read on the server while the page renders, so
// the browser shows the first rows with the HTML instead of after its JavaScript, session and
// API requests. The same check as the API: the session's access token is verified and the data
// layer checks the caller's permission. Anything amiss (an access token expired since the last
// renewal, say): nothing here, and the browser loads the page itself.
import "server-only";
import type { EventPage } from "@/components/events/event-types";
import type { InitialEvents } from "@/components/events/use-event-list";
import { callerOfAccessToken } from "@/lib/auth/access-token-caller";
import { getStaffSession } from "@/lib/auth/staff-session";
import { listEventsQuery } from "@/lib/events/event-contract";
import { type EventFilters, eventFiltersSearch, eventFiltersToApiQuery } from "@/lib/events/list/event-filters";
import { listEvents } from "@/lib/events/list/list-events";

/** Enough rows to fill a tall screen; the browser asks for the next ones by cursor. */
const FIRST_PAGE_SIZE = 40;

export async function firstEventsPage(filters: EventFilters): Promise<InitialEvents | undefined> {
  try {
    const session = await getStaffSession();
    if (!session?.accessToken || session.error) return undefined;
    const caller = await callerOfAccessToken(session.accessToken);
    const anchor = Date.now();
    // Deliberately through the API's own query schema (not a second filters → query mapping): the
    // first page is then exactly the page the browser's request would get, cursor binding included.
    // listEvents answers the page's JSON text (built by PostgreSQL for the API's pass-through), so
    // it is parsed here once, for the client component's props.
    const query = listEventsQuery.parse({
      ...Object.fromEntries(eventFiltersToApiQuery(filters, anchor)),
      limit: String(FIRST_PAGE_SIZE),
    });
    const page = JSON.parse(await listEvents({ caller, query })) as EventPage;
    return { search: eventFiltersSearch(filters), anchor, page };
  } catch {
    return undefined;
  }
}
