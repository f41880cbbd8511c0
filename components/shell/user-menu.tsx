import Link from "next/link";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { Badge } from "@/components/ui/badge";
import { ROLE_LABELS } from "@/components/users/role-labels";
import type { Role } from "@/lib/access/roles";

/**
 * Who is signed in, with which role, and the way out. A portal session (a merchant's one-time link)
 * is no account: it has no password to change.
 */
export function UserMenu({ name, role, portalSession }: { name: string; role: Role; portalSession?: boolean }) {
  return (
    <section aria-label="Signed-in user" className="flex items-center justify-between gap-3 md:block md:space-y-3">
      <div className="flex min-w-0 items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-(--surface-muted) text-sm font-semibold text-(--fg-muted) uppercase ring-1 ring-(--line)"
        >
          {name.slice(0, 1)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-(--fg)" data-testid="user-name">
            {name}
          </p>
          <p className="text-xs text-(--fg-subtle)">
            <span className="sr-only">Role: </span>
            <Badge tone="accent" data-testid="user-role">
              {ROLE_LABELS[role]}
            </Badge>
          </p>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2 md:block md:space-y-2">
        {!portalSession && (
          <Link
            href="/account/password"
            className="block text-sm text-(--fg-muted) hover:text-(--fg) hover:underline md:text-center"
            data-testid="change-password-link"
          >
            Change password
          </Link>
        )}
        <SignOutButton />
      </div>
    </section>
  );
}
