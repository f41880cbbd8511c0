// What a test needs to run a PostgreSQL server of its own (a fault test's private cluster, a
// streaming replica): the folder of the installed binaries, and a free port on 127.0.0.1.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** PG_BIN, or the newest version under /usr/lib/postgresql (Debian's layout). */
export const POSTGRES_BIN =
  process.env.PG_BIN ??
  (fs.existsSync("/usr/lib/postgresql")
    ? path.join("/usr/lib/postgresql", fs.readdirSync("/usr/lib/postgresql").sort().pop()!, "bin")
    : "");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}
