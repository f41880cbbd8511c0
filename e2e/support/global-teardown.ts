// After the run: drop the run's database. The web servers are still up at this point (Playwright
// stops them last), so their connections are closed with it.
import pg from "pg";
import { e2eRun } from "./run-env";

export default async function globalTeardown(): Promise<void> {
  const { adminUrl, databaseName } = e2eRun();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
