import type { ReactNode } from "react";
import { Brand } from "@/components/shell/brand";
import { cx } from "@/components/ui/class-names";

/**
 * The pages outside the dashboard (sign-in, the portal's entry, the account's own pages): one
 * narrow column under the brand, in the middle of the screen or from its top.
 */
export function BrandedColumn({
  width,
  centered = false,
  id,
  children,
}: {
  width: "max-w-sm" | "max-w-md";
  centered?: boolean;
  id?: string;
  children: ReactNode;
}) {
  return (
    <main id={id} className={cx("flex min-h-dvh flex-col items-center px-4 py-12", centered && "justify-center")}>
      <div className={cx("w-full", width)}>
        <div className="mb-8 flex justify-center">
          <Brand />
        </div>
        {children}
      </div>
    </main>
  );
}
