"use client";

import { useSession } from "next-auth/react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Td, Tr } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { ACTIONS_COLUMN, InfiniteListTable } from "@/components/ui/list-table";
// The Users page (admins): accounts of staff and API clients, a username search kept in the
// URL (?search=), and per row the changes an admin can make. An admin's own row has none: the
// API refuses changes to one's own account (ask another admin).
import { LoadingStatus } from "@/components/ui/loading-status";
import { NoMatches } from "@/components/ui/no-matches";
import { PageHeader } from "@/components/ui/page-header";
import { SearchBar } from "@/components/ui/search-bar";
import { Toaster } from "@/components/ui/toast";
import { useTypedFilter } from "@/components/ui/use-typed-filter";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { AccountMerchantName } from "@/components/users/account-merchant";
import { NewUserButton } from "@/components/users/new-user-dialog";
import { ROLE_LABELS } from "@/components/users/role-labels";
import { UserActionDialog, type UserActionTarget } from "@/components/users/user-action-dialog";
import { parseUserFilters, useUserList } from "@/components/users/user-queries";
import { filterLabel } from "@/lib/paging/list-filter-table";
import { USER_FILTER_TABLE } from "@/lib/users/user-filter-table";

const USERS_TABLE = {
  caption: "Users",
  testId: "users-table",
  columns: ["User", "Role", "Status", "Created", ACTIONS_COLUMN],
  // On a phone: the username, its role and state, when it was made, and the row's buttons.
  card: { title: "User", aside: "Role", badge: "Status", time: "Created" },
};

export function UsersView() {
  const { data: session } = useSession();
  const [filters, setFilters] = useUrlFilters(parseUserFilters);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [target, setTarget] = useState<UserActionTarget | null>(null);
  const search = useTypedFilter(filters.search ?? "", (next) => setFilters({ search: next.trim().toLowerCase() || undefined }));

  const query = useUserList(filters.search);
  const users = query.data?.pages.flatMap((p) => p.data) ?? [];
  const myId = session?.user?.id;

  return (
    <>
      <PageHeader
        title="Users"
        description="Who can sign in to the console or call the API, and with which role. Passwords are made by the service and shown once."
        actions={<NewUserButton onCreated={setHighlight} />}
      />
      <Toaster />
      <UserActionDialog target={target} onClose={() => setTarget(null)} />
      <SearchBar
        label={filterLabel(USER_FILTER_TABLE, "search")}
        placeholder="Search by username"
        search={search}
        applied={Boolean(filters.search)}
      />

      <InfiniteListTable
        query={query}
        noun={["user", "users"]}
        empty={
          <NoMatches
            narrowedBy="search"
            title={`No username starts with “${filters.search ?? ""}”`}
            onClear={() => search.type("")}
          >
            The search matches the beginning of a username.
          </NoMatches>
        }
        {...USERS_TABLE}
      >
        {users.map((user) => (
          <Tr
            key={user.id}
            data-testid="user-row"
            data-username={user.username}
            className={user.id === highlight ? "bg-(--accent-soft)/60" : undefined}
          >
            <Td>
              <p className="font-mono font-medium">{user.username}</p>
              <p className="font-mono text-xs text-(--fg-subtle)">{user.id}</p>
            </Td>
            <Td>
              <Badge tone={user.role === "admin" ? "accent" : "neutral"}>{ROLE_LABELS[user.role]}</Badge>
              {user.merchantId ? <AccountMerchantName merchantId={user.merchantId} /> : null}
            </Td>
            <Td>{user.disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}</Td>
            <Td className="whitespace-nowrap text-(--fg-muted)">
              <DateTime iso={user.createdAt} />
            </Td>
            <Td className="text-right whitespace-nowrap">
              {user.id === myId ? (
                <span className="text-xs text-(--fg-subtle)">You</span>
              ) : (
                <div className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Change the role of ${user.username}`}
                    onClick={() => setTarget({ user, action: "role" })}
                  >
                    Role
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Reset password of ${user.username}`}
                    onClick={() => setTarget({ user, action: "reset" })}
                  >
                    Reset password
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`${user.disabled ? "Enable" : "Disable"} ${user.username}`}
                    onClick={() => setTarget({ user, action: user.disabled ? "enable" : "disable" })}
                  >
                    {user.disabled ? "Enable" : "Disable"}
                  </Button>
                </div>
              )}
            </Td>
          </Tr>
        ))}
      </InfiniteListTable>
      {query.isPending ? <LoadingStatus>Loading users…</LoadingStatus> : null}
    </>
  );
}
