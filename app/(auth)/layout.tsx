import type { ReactNode } from "react";
import { BrandedColumn } from "@/components/shell/branded-column";

// Sign-in and the portal's entry: a narrow column under the brand, in the middle of the screen.
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <BrandedColumn width="max-w-sm" centered>
      {children}
    </BrandedColumn>
  );
}
