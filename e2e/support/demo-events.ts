// The specs that read the demo events ask for them the same way: before their tests, with room
// for the first spec of a run to load them (a child process, seed-events.ts); a later spec finds
// them there at once.
import { test } from "./fixtures";
import { seedDemoEvents } from "./seed-events";

export function withDemoEvents(): void {
  test.beforeAll(() => {
    test.setTimeout(120_000);
    seedDemoEvents();
  });
}
