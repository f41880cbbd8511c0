// POST /v1/alerts/{id}/acknowledge: an operator says someone is on it (audited).
import { acknowledgeAlert } from "@/lib/alerts/acknowledge-alert";
import { authedRoute, json, methods, WRITE } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: authedRoute<{ id: string }>(async ({ caller, params }) => json(await acknowledgeAlert({ caller, id: params.id })), WRITE),
});
