// Runs in the browser before the console's own modules (Next.js loads it ahead of hydration).
// zod compiles object parsers with `new Function` and first probes whether it may: our
// Content-Security-Policy has no 'unsafe-eval', so the probe is refused and reported as a
// violation on every page that parses (Lighthouse's "browser errors" on /events and
// /credentials, which the dashboard must not show). `jitless` skips the probe and the compiling; it must be set before any schema is
// built, which is why it lives here and not beside the schemas. The server keeps zod's default.
import { config } from "zod/v4/core";

config({ jitless: true });
