// `npm run users -- <command>`: user management from the shell.
//   list
//   create <username> --role <admin|operator|viewer|ingest> [--password <p>]   (random if omitted, printed once)
//   set-role <username> <role>
//   disable <username> | enable <username>
//   reset-password <username> [--password <p>]
// With the embedded database, stop the server first (one process per data folder).
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import type { Role } from "@/lib/auth/roles";
import { closeDb } from "@/lib/db/client";
import { createUser, listUsers, resetUserPassword, setUserDisabled, setUserRole } from "@/lib/users/manage-users";
import { randomPassword } from "@/lib/users/random-password";

const USAGE = `usage: npm run users -- list
       npm run users -- create <username> --role <admin|operator|viewer|ingest> [--password <p>]
       npm run users -- set-role <username> <role>
       npm run users -- disable <username> | enable <username>
       npm run users -- reset-password <username> [--password <p>]`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: "string" }, password: { type: "string" } },
  });
  const [command, username, extra] = positionals;
  const generated = values.password ? undefined : randomPassword();
  const password = values.password ?? generated!;
  const show = (u: { username: string; role: string; disabled: boolean }) =>
    console.log(`${u.username}\t${u.role}${u.disabled ? "\tdisabled" : ""}`);

  switch (command) {
    case "list":
      for (const user of await listUsers()) show(user);
      return 0;
    case "create":
      if (!username || !values.role) break;
      show(await createUser({ username, password, role: values.role as Role }));
      if (generated) console.log(`password (shown once): ${generated}`);
      return 0;
    case "set-role":
      if (!username || !extra) break;
      show(await setUserRole({ username, role: extra as Role }));
      return 0;
    case "disable":
    case "enable":
      if (!username) break;
      show(await setUserDisabled({ username, disabled: command === "disable" }));
      return 0;
    case "reset-password":
      if (!username) break;
      show(await resetUserPassword({ username, password }));
      if (generated) console.log(`new password (shown once): ${generated}`);
      return 0;
  }
  console.error(USAGE);
  return 2;
}

main()
  .catch((e: unknown) => {
    if (e instanceof ZodError) console.error(e.issues.map((i) => i.message).join("; "));
    else if ((e as { code?: string }).code === "P2025") console.error("no such user");
    else if ((e as { code?: string }).code === "P2002") console.error("that username is taken");
    else console.error(e instanceof Error ? e.message : e);
    return 1;
  })
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  });
