import { redirect } from "next/navigation";

// The console starts at the overview; the dashboard layout sends signed-out visitors to /login.
export default function Home(): never {
  redirect("/overview");
}
