// One greppable line at the end of a run, beside the list reporter's output.
import type { FullResult, Reporter, Suite } from "@playwright/test/reporter";

export default class SummaryReporter implements Reporter {
  private suite: Suite | undefined;

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onEnd(result: FullResult): void {
    const counts = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    for (const test of this.suite?.allTests() ?? []) counts[test.outcome()] += 1;
    const seconds = (result.duration / 1000).toFixed(1);
    console.log(`e2e (${result.status}, ${seconds}s, ${counts.flaky} flaky):`);
    console.log(`e2e: ${counts.expected} passed, ${counts.unexpected} failed, ${counts.skipped} skipped`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
