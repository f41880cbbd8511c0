"use client";

// The building blocks of an event's detail: times, the merchant's link, monospace values and
// the titled sections of label and value pairs.
import Link from "next/link";
import { createContext, type ReactNode, useContext } from "react";
import { formatDateTime, formatRelative, formatUtc } from "@/components/events/format";
import { useMerchant } from "@/components/merchants/merchant-queries";
import { usePortalMerchant } from "@/components/shell/use-portal-merchant";
import { cx } from "@/components/ui/class-names";

export function Time({ iso, relative = false }: { iso: string; relative?: boolean }) {
  return (
    <time dateTime={iso} title={formatUtc(iso)} className="tabular-nums">
      {formatDateTime(iso)}
      {relative ? <span className="text-(--fg-subtle)"> · {formatRelative(iso)}</span> : null}
    </time>
  );
}

/** The registered merchant's name, linked to its page (staff); the id alone when no merchant has it. */
export function MerchantLink({ id }: { id: string }) {
  const { data: merchant } = useMerchant(id);
  const portal = Boolean(usePortalMerchant());
  if (!merchant) return <Mono>{id}</Mono>;
  return (
    <span className="flex flex-col">
      {portal ? (
        <span>{merchant.name}</span>
      ) : (
        <Link href={`/merchants/${id}`} className="text-(--accent-text) hover:underline">
          {merchant.name}
        </Link>
      )}
      <Mono>{id}</Mono>
    </span>
  );
}

export function Mono({ children }: { children: ReactNode }) {
  return <span className="font-mono text-[0.8125rem] break-all">{children}</span>;
}

export type Field = [label: string, value: ReactNode];

/**
 * The level of the sections' headings, one below the heading the detail sits under: h2 under the
 * event page's h1, h3 under the side panel's h2 (a skipped level confuses screen-reader outlines).
 */
export const SectionHeadingLevel = createContext<2 | 3>(3);

/** A heading inside a section, one level below the section's own. */
export function SubHeading({ children }: { children: ReactNode }) {
  const Heading = useContext(SectionHeadingLevel) === 2 ? "h3" : "h4";
  return <Heading className="border-t border-(--line) px-4 pt-3 text-xs font-medium text-(--fg-muted)">{children}</Heading>;
}

export function Section({
  title,
  fields,
  children,
  wide,
}: {
  title: string;
  fields?: Field[];
  children?: ReactNode;
  wide?: boolean;
}) {
  const id = `section-${title.toLowerCase().replaceAll(/[^a-z]+/g, "-")}`;
  const Heading = useContext(SectionHeadingLevel) === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={id}
      className={cx("rounded-lg border border-(--line) bg-(--surface) shadow-(--shadow-card)", wide && "@3xl:col-span-2")}
    >
      <Heading
        id={id}
        className="border-b border-(--line) px-4 py-2.5 text-xs font-semibold tracking-wide text-(--fg-muted) uppercase"
      >
        {title}
      </Heading>
      {fields ? (
        <dl className="divide-y divide-(--line)">
          {fields.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[9.5rem_minmax(0,1fr)] gap-3 px-4 py-2 text-sm">
              <dt className="text-(--fg-muted)">{label}</dt>
              <dd className="min-w-0 text-(--fg)">{value ?? <span className="text-(--fg-subtle)">—</span>}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </section>
  );
}

export const none = (value: ReactNode) => value ?? <span className="text-(--fg-subtle)">—</span>;
