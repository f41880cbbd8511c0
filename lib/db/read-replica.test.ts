import { describe, expect, it } from "vitest";
import { createReplicaRouter } from "@/lib/db/read-replica";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5433"), { code: "ECONNREFUSED" });

function setup() {
  let clock = 1_000;
  const lines: string[] = [];
  const log = {
    warn: (_: object, m: string) => lines.push(`warn ${m}`),
    info: (_: object, m: string) => lines.push(`info ${m}`),
  };
  const router = createReplicaRouter({ retryAfterMs: 10_000, log: () => log, now: () => clock });
  let replicaUp = true;
  let replicaCalls = 0;
  const replica = async () => {
    replicaCalls++;
    if (!replicaUp) throw refused();
    return "replica";
  };
  const primary = async () => "primary";
  return {
    router,
    lines,
    read: () => router.read(replica, primary),
    replicaCalls: () => replicaCalls,
    setReplicaUp: (up: boolean) => (replicaUp = up),
    advance: (ms: number) => (clock += ms),
  };
}

describe("the read-replica router", () => {
  it("reads from the replica while it answers", async () => {
    const t = setup();
    expect(await t.read()).toBe("replica");
    expect(t.router.healthy()).toBe(true);
    expect(t.lines).toEqual([]);
  });

  it("retries a read on the primary when the replica is unreachable, then skips the replica for a while", async () => {
    const t = setup();
    t.setReplicaUp(false);
    expect(await t.read()).toBe("primary");
    expect(t.router.healthy()).toBe(false);
    expect(await t.read()).toBe("primary");
    expect(await t.read()).toBe("primary");
    expect(t.replicaCalls()).toBe(1);
    expect(t.lines).toEqual(["warn read replica unreachable: reading from the primary"]);
  });

  it("probes the replica again after the pause, logging once per change of state", async () => {
    const t = setup();
    t.setReplicaUp(false);
    await t.read();
    t.advance(10_001);
    expect(await t.read()).toBe("primary");
    expect(t.replicaCalls()).toBe(2);
    t.advance(5_000);
    expect(await t.read()).toBe("primary");
    expect(t.replicaCalls()).toBe(2);
    t.setReplicaUp(true);
    t.advance(5_001);
    expect(await t.read()).toBe("replica");
    expect(t.router.healthy()).toBe(true);
    expect(t.lines).toEqual([
      "warn read replica unreachable: reading from the primary",
      "info read replica reachable again: reading from it",
    ]);
  });

  it("sends one probe while the others keep reading from the primary", async () => {
    const t = setup();
    t.setReplicaUp(false);
    await t.read();
    t.advance(10_001);
    t.setReplicaUp(true);
    let release = () => {};
    const slowReplica = () =>
      new Promise<string>((resolve) => {
        release = () => resolve("replica");
      });
    const probe = t.router.read(slowReplica, async () => "primary");
    expect(await t.read()).toBe("primary");
    release();
    expect(await probe).toBe("replica");
    expect(await t.read()).toBe("replica");
  });

  it("reruns a read cancelled by a recovery conflict on the primary, keeping the replica", async () => {
    const t = setup();
    const conflict = Object.assign(new Error("canceling statement due to conflict with recovery"), {
      code: "40001",
      severity: "ERROR",
    });
    const answer = await t.router.read(
      () => Promise.reject(conflict),
      async () => "primary",
    );
    expect(answer).toBe("primary");
    expect(t.router.healthy()).toBe(true);
  });

  it("passes other errors through: a bad query is as bad on the primary", async () => {
    const t = setup();
    const bad = Object.assign(new Error('relation "nope" does not exist'), { code: "42P01", severity: "ERROR" });
    await expect(
      t.router.read(
        () => Promise.reject(bad),
        async () => "primary",
      ),
    ).rejects.toBe(bad);
    const timeout = Object.assign(new Error("canceling statement due to statement timeout"), {
      code: "57014",
      severity: "ERROR",
    });
    await expect(
      t.router.read(
        () => Promise.reject(timeout),
        async () => "primary",
      ),
    ).rejects.toBe(timeout);
    expect(t.router.healthy()).toBe(true);
  });

  it("falls back when the replica refuses the session (wrong password or database)", async () => {
    const t = setup();
    const denied = Object.assign(new Error('password authentication failed for user "reader"'), {
      code: "28P01",
      severity: "FATAL",
    });
    expect(
      await t.router.read(
        () => Promise.reject(denied),
        async () => "primary",
      ),
    ).toBe("primary");
    expect(t.router.healthy()).toBe(false);
  });
});
