// The users list's filters, each declared once (lib/paging/list-filter-table.ts derives the query
// schema, the OpenAPI words, docs/api.md's table and the page's URL state; the conditions are
// user-filter-where.ts's, server-only): the beginning of the username, and one merchant's accounts.
import { z } from "zod";
import { listFilter as filter } from "@/lib/paging/list-filter-table";

export const USER_FILTER_TABLE = [
  filter({
    name: "search",
    label: "Search users",
    schema: z.string().trim().min(1, "must not be empty").max(64),
    description: "The beginning of the username.",
    // Usernames are lower case: the page keeps what it sends so.
    page: (text) => text.trim().toLowerCase().slice(0, 64),
  }),
  // One merchant's accounts (the staff merchant page lists them).
  filter({
    name: "merchantId",
    label: "Merchant",
    schema: z.string().min(1).max(64),
    description: "Only this merchant's accounts.",
  }),
] as const;
