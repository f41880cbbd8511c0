import { Brand } from "@/components/shell/brand";
import { NavDisclosure } from "@/components/shell/nav-disclosure";
import { homeFor, navSectionsFor } from "@/components/shell/nav-items";
import { NavLink } from "@/components/shell/nav-link";
import { UserMenu } from "@/components/shell/user-menu";
import type { Role } from "@/lib/access/roles";

/** The console's frame: brand, the sections this role may open, and the signed-in user (behind "Menu" on a phone). */
export function Sidebar({ user }: { user: { name: string; role: Role; portalSession?: boolean } }) {
  const sections = navSectionsFor(user.role);
  return (
    // The outer box spans the page's height (its border and background run to the bottom); the header inside stays in view.
    <div className="border-b border-(--line) bg-(--surface) md:border-r md:border-b-0">
      <header className="flex flex-col md:sticky md:top-0 md:h-dvh">
        <NavDisclosure brand={<Brand href={homeFor(user.role)} />}>
          <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 pb-3 md:pt-2">
            <div className="space-y-6">
              {sections.map((section) => (
                <div key={section.label}>
                  <p
                    id={`nav-${section.label.toLowerCase()}`}
                    className="mb-1.5 px-2.5 text-xs font-medium tracking-wide text-(--fg-subtle) uppercase"
                  >
                    {section.label}
                  </p>
                  <ul aria-labelledby={`nav-${section.label.toLowerCase()}`} className="space-y-0.5">
                    {section.items.map((item) => (
                      <li key={item.href}>
                        <NavLink item={item} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </nav>
          <div className="shrink-0 border-t border-(--line) px-5 py-3 md:p-4">
            <UserMenu name={user.name} role={user.role} portalSession={user.portalSession} />
          </div>
        </NavDisclosure>
      </header>
    </div>
  );
}
