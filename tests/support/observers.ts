// The observers the server registers at start-up (instrumentation.ts), registered for every test
// file too: the tests call the route handlers directly, without the server's start-up.
import { countOutcomes } from "@/lib/metrics/count-outcomes";

countOutcomes();
