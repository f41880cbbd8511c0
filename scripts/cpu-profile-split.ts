// `npx tsx scripts/cpu-profile-split.ts <dir> [--top 25] [--markdown]`: reads the .cpuprofile
// that `npm run bench -- --cpu-prof` had the server write, and the bench's windows.json beside it,
// and splits the server's CPU time per request of each measured scenario between the framework
// (Next.js, React, the Turbopack runtime, Node's own modules when no package of ours called them)
// and our code (app/, lib/, and the libraries it drives: pg, Prisma, zod, jose, pino, prom-client).
// Then it lists the frames of our code with the most self time. For the 0.8 targets: a page or
// ingestion against the framework's own ceiling.
//
// Attribution: a sample's time goes to the frame on top of the stack (self time). A frame with no
// script (a native function: a socket write, a hash update) or in Node's own modules takes the
// owner of the nearest caller that belongs to a package or to our code: a socket write made by
// `pg` is `pg`'s. Frames inside the production bundle (.next/server/chunks) are placed by the
// source file they come from, by the source map Turbopack writes beside each chunk.
import { readdirSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { ProfileWindow } from "./support/profile-windows";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** Where a frame's self time goes: a group (framework, ours, runtime) and a part within it. */
type Owner = { group: "framework" | "ours" | "runtime" | "idle"; part: string };

// @opentelemetry/api: Next.js traces every request through it (a no-op tracer unless one is
// registered); our code does not call it.
const FRAMEWORK_PACKAGES = new Set(["next", "react", "react-dom", "scheduler", "@next", "styled-jsx", "@opentelemetry/api"]);
/** Parts of our side that are libraries: named apart, so that a cut knows where to look. */
const LIBRARY_PARTS: Record<string, string> = {
  pg: "pg driver",
  "pg-protocol": "pg driver",
  "pg-pool": "pg driver",
  "pg-types": "pg driver",
  "postgres-array": "pg driver",
  "postgres-date": "pg driver",
  "@prisma": "Prisma",
  zod: "zod",
  jose: "jose (JWT)",
  pino: "pino (log)",
  "sonic-boom": "pino (log)",
  "thread-stream": "pino (log)",
  "fast-redact": "pino (log)",
  "prom-client": "prom-client (metrics)",
};

function packageOf(path: string): string | undefined {
  const at = path.lastIndexOf("node_modules/");
  if (at < 0) return undefined;
  const [scope, name] = path.slice(at + "node_modules/".length).split("/");
  return scope?.startsWith("@") ? (scope === "@prisma" || scope === "@next" ? scope : `${scope}/${name}`) : scope;
}

/** The owner of a source path (a file of the checkout or of node_modules). */
function ownerOfPath(path: string): Owner | undefined {
  const pkg = packageOf(path);
  if (pkg) {
    if (FRAMEWORK_PACKAGES.has(pkg) || pkg.startsWith("@next/")) {
      return { group: "framework", part: path.includes("/compiled/react") || pkg.startsWith("react") ? "React" : "Next.js" };
    }
    return { group: "ours", part: LIBRARY_PARTS[pkg] ?? `other library: ${pkg}` };
  }
  if (path.startsWith("generated/")) return { group: "ours", part: "Prisma" };
  if (/^(app|lib|components)\/|^(instrumentation|proxy)\.ts$/.test(path)) return { group: "ours", part: "app/ and lib/" };
  return undefined;
}

type Mapped = { source: string; line: number; name?: string };
const maps = new Map<string, SourceMap | undefined>();

/** A bundle position's original source (absolute path), line and name, by the chunk's source map. */
function original(file: string, line: number, column: number): Mapped | undefined {
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8"))));
    } catch {
      maps.set(file, undefined); // no map beside it: the frame is placed by its file alone
    }
  }
  const entry = maps.get(file)?.findEntry(line, column) as
    | { originalSource?: string; originalLine?: number; name?: string }
    | undefined;
  if (!entry?.originalSource) return undefined;
  const source = entry.originalSource.startsWith("file://")
    ? fileURLToPath(entry.originalSource)
    : resolve(dirname(file), entry.originalSource);
  return { source, line: entry.originalLine ?? 0, name: entry.name };
}

/** Owner and a readable place of a frame with a script; undefined for Node's own and native frames. */
function ownerOfFrame(frame: CallFrame): { owner: Owner; place: string; name: string } | undefined {
  const { url, lineNumber, columnNumber, functionName } = frame;
  if (!url || url.startsWith("node:")) return undefined;
  const path = url.startsWith("file://") ? fileURLToPath(url) : decodeURIComponent(url);
  const mapped = path.includes("/.next/") ? original(path, lineNumber, columnNumber) : undefined;
  const source = mapped ? decodeURIComponent(mapped.source) : path;
  const name = functionName || mapped?.name || "(anonymous)";
  // Paths are read from the checkout the server ran in: the folder holding its .next build, or
  // (a file outside the build: node_modules) the folder holding node_modules.
  const root = path.includes("/.next/")
    ? path.slice(0, path.indexOf("/.next/"))
    : path.includes("/node_modules/")
      ? path.slice(0, path.indexOf("/node_modules/"))
      : process.cwd();
  const place = `${relative(root, source)}:${(mapped?.line ?? lineNumber) + 1}`;
  if (path.includes("/.next/") && !mapped)
    return { owner: { group: "framework", part: "Next.js (bundle, unmapped)" }, place, name };
  const owner = ownerOfPath(relative(root, source));
  if (owner) return { owner, place, name };
  if (source.includes("turbopack")) return { owner: { group: "framework", part: "Turbopack runtime" }, place, name };
  return { owner: { group: "framework", part: `unplaced: ${relative(root, source).slice(0, 60)}` }, place, name };
}

const SPECIAL: Record<string, Owner> = {
  "(idle)": { group: "idle", part: "idle" },
  "(garbage collector)": { group: "runtime", part: "garbage collector" },
  "(program)": { group: "runtime", part: "V8 and native, unattributed" },
  "(root)": { group: "runtime", part: "V8 and native, unattributed" },
};

type Attributed = { owner: Owner; frame: string };

/** Each node's owner, by its own script or its nearest placed caller's (see the header). */
function attribute(profile: Profile): Map<number, Attributed> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const out = new Map<number, Attributed>();
  // The owner of the first placed frames below a node, when they all have the same part.
  const calleeOwners = new Map<number, Owner | null>();
  function soleCalleeOwner(node: ProfileNode): Owner | undefined {
    if (!calleeOwners.has(node.id)) {
      let sole: Owner | null | undefined;
      for (const childId of node.children ?? []) {
        const child = byId.get(childId)!;
        if (SPECIAL[child.callFrame.functionName] && !child.callFrame.url) continue;
        const owner = ownerOfFrame(child.callFrame)?.owner ?? soleCalleeOwner(child) ?? null;
        if (owner === null) {
          if (child.children?.length) sole = null;
          continue;
        }
        if (sole === undefined) sole = owner;
        else if (sole === null || sole.group !== owner.group || sole.part !== owner.part) sole = null;
      }
      calleeOwners.set(node.id, sole ?? null);
    }
    return calleeOwners.get(node.id) ?? undefined;
  }
  for (const node of profile.nodes) {
    const { functionName, url } = node.callFrame;
    const label = `${functionName || "(anonymous)"} ${url.startsWith("node:") ? url : ""}`.trim();
    const special = SPECIAL[functionName];
    if (special && !url) {
      out.set(node.id, { owner: special, frame: functionName });
      continue;
    }
    const own = ownerOfFrame(node.callFrame);
    if (own) {
      out.set(node.id, { owner: own.owner, frame: `${own.name} ${own.place}` });
      continue;
    }
    // Node's own or native: the nearest caller with an owner decides; with none (a socket's
    // read, a timer, the microtask queue), the code it calls does when all of it is one owner's:
    // a read whose data goes only to `pg`'s parser is `pg`'s.
    let up = parent.get(node.id);
    let owner: Owner | undefined;
    while (up !== undefined && !owner) {
      owner = ownerOfFrame(byId.get(up)!.callFrame)?.owner;
      up = parent.get(up);
    }
    owner ??= soleCalleeOwner(node);
    const via: Owner =
      owner?.group === "ours"
        ? { group: "ours", part: `${owner.part} (Node.js for it)` }
        : { group: "framework", part: "Node.js (event loop, http, sockets)" };
    out.set(node.id, { owner: via, frame: label });
  }
  return out;
}

/** byFrame: self time per frame of our code; frameworkFrames: the same for the framework's, to see what it does. */
type Slice = {
  window: ProfileWindow;
  busyMs: number;
  byPart: Map<string, number>;
  byFrame: Map<string, number>;
  frameworkFrames: Map<string, number>;
};

function slice(profile: Profile, owners: Map<number, Attributed>, window: ProfileWindow): Slice {
  const result: Slice = { window, busyMs: 0, byPart: new Map(), byFrame: new Map(), frameworkFrames: new Map() };
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < window.startUs || t > window.endUs) continue;
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const a = owners.get(profile.samples[i]!)!;
    if (a.owner.group === "idle") continue;
    result.busyMs += ms;
    const key = `${a.owner.group}|${a.owner.part}`;
    result.byPart.set(key, (result.byPart.get(key) ?? 0) + ms);
    const frames = a.owner.group === "ours" ? result.byFrame : result.frameworkFrames;
    const frame = `${a.frame}  [${a.owner.part}]`;
    frames.set(frame, (frames.get(frame) ?? 0) + ms);
  }
  return result;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: "string", default: "25" }, only: { type: "string" } },
  });
  const dir = positionals[0];
  if (!dir)
    throw new Error(
      "usage: npx tsx scripts/cpu-profile-split.ts <dir written by npm run bench -- --cpu-prof> [--top N] [--only text]",
    );
  const profileFile = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!profileFile) throw new Error(`${dir}: no .cpuprofile (did the server exit cleanly?)`);
  const profile = JSON.parse(readFileSync(join(dir, profileFile), "utf8")) as Profile;
  const windows = (JSON.parse(readFileSync(join(dir, "windows.json"), "utf8")) as ProfileWindow[]).filter(
    (w) => !values.only || w.name.includes(values.only),
  );
  const owners = attribute(profile);
  // Rounds of one scenario are summed: one slice per scenario name.
  const names = [...new Set(windows.map((w) => w.name))];
  const slices = names.map((name) => {
    const parts = windows.filter((w) => w.name === name).map((w) => slice(profile, owners, w));
    const merged: Slice = {
      window: { ...parts[0]!.window, requests: 0, cpuMs: 0 },
      busyMs: 0,
      byPart: new Map(),
      byFrame: new Map(),
      frameworkFrames: new Map(),
    };
    for (const p of parts) {
      merged.window.requests += p.window.requests;
      merged.window.cpuMs = p.window.cpuMs === undefined ? Number.NaN : merged.window.cpuMs! + p.window.cpuMs;
      merged.busyMs += p.busyMs;
      for (const [k, v] of p.byPart) merged.byPart.set(k, (merged.byPart.get(k) ?? 0) + v);
      for (const [k, v] of p.byFrame) merged.byFrame.set(k, (merged.byFrame.get(k) ?? 0) + v);
      for (const [k, v] of p.frameworkFrames) merged.frameworkFrames.set(k, (merged.frameworkFrames.get(k) ?? 0) + v);
    }
    return merged;
  });
  // The profile's shares, scaled to the process's CPU time read from /proc in the same windows
  // when the bench recorded it: on a loaded machine a sample's interval also holds time the
  // thread waited for a core, which /proc does not count.
  const scaleOf = (s: Slice) => (Number.isFinite(s.window.cpuMs) && s.window.cpuMs! > 0 ? s.window.cpuMs! / s.busyMs : 1);
  const per = (s: Slice, ms: number) => ((ms * scaleOf(s)) / Math.max(1, s.window.requests)).toFixed(3);
  const groupMs = (s: Slice, group: string) =>
    [...s.byPart].filter(([k]) => k.startsWith(`${group}|`)).reduce((sum, [, v]) => sum + v, 0);

  console.log(`profile ${profileFile}: ${profile.samples.length} samples`);
  const scaled = slices.every((s) => scaleOf(s) !== 1);
  console.log(
    scaled
      ? "ms per request: the profile's shares of the server's CPU time (/proc, all threads) in each scenario's windows\n"
      : "ms per request: the profile's own sample time (no /proc figure in windows.json)\n",
  );
  console.log("| scenario | requests | CPU ms/req | framework | ours | runtime (GC, V8) | ours / CPU |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const s of slices) {
    const [fw, ours, rt] = ["framework", "ours", "runtime"].map((g) => groupMs(s, g)) as [number, number, number];
    console.log(
      `| ${s.window.name} | ${s.window.requests} | ${per(s, s.busyMs)} | ${per(s, fw)} | ${per(s, ours)} | ${per(s, rt)} | ${Math.round((ours / Math.max(1e-9, s.busyMs)) * 100)}% |`,
    );
  }
  for (const s of slices) {
    console.log(`\n### ${s.window.name}: ms per request by part`);
    for (const [k, v] of [...s.byPart].sort((x, y) => y[1] - x[1]))
      console.log(`  ${per(s, v).padStart(7)}  ${k.replace("|", ": ")}`);
    console.log(`  top self-time frames of ours (ms per request):`);
    for (const [k, v] of [...s.byFrame].sort((x, y) => y[1] - x[1]).slice(0, Number(values.top))) {
      console.log(`  ${per(s, v).padStart(7)}  ${k}`);
    }
    console.log(`  top self-time frames of the framework and the runtime (ms per request):`);
    for (const [k, v] of [...s.frameworkFrames].sort((x, y) => y[1] - x[1]).slice(0, Number(values.top))) {
      console.log(`  ${per(s, v).padStart(7)}  ${k}`);
    }
  }
}

main();
