// After the run: drop the run's database. The web servers are still up at this point (Playwright
// stops them last), so their connections are closed with it.
import { queryOnce } from "../../tests/support/query-once";
import { e2eRun } from "./run-env";

export default async function globalTeardown(): Promise<void> {
  const { adminUrl, databaseName } = e2eRun();
  await queryOnce(adminUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
}
