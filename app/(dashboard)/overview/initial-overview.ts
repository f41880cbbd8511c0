// The overview's figures for the page's period, read on the server while the page renders, so
// the landing page shows them with the HTML. The same checks as GET /v1/stats/overview: the
// session's access token is verified, the data layer checks the permission. Anything amiss:
// nothing here, and the browser asks the API itself.
import "server-only";
import { callerOfAccessToken } from "@/lib/auth/access-token-caller";
import { getStaffSession } from "@/lib/auth/staff-session";
import { getEventOverview, type OverviewDto, type Period } from "@/lib/stats/event-overview";

export async function initialOverview(period: Period): Promise<OverviewDto | undefined> {
  try {
    const session = await getStaffSession();
    if (!session?.accessToken || session.error) return undefined;
    const caller = await callerOfAccessToken(session.accessToken);
    return await getEventOverview({ caller, period });
  } catch {
    return undefined;
  }
}
