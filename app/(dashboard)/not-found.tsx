import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";

// What notFound() shows inside the console: a page this account may not open (a staff page in a
// merchant's portal) or that does not exist. The same answer for both, as the API's 404.
export default function DashboardNotFound() {
  return (
    <>
      <PageHeader title="Page not found" description="There is no such page, or it is not part of your console." />
      <Link href="/" className="text-sm text-(--accent-text) hover:underline">
        Go to the start page
      </Link>
    </>
  );
}
