// `npm run users -- <command>`: user management from the shell.
//   list
//   create <username> --role <admin|operator|viewer|ingest|merchant> [--merchant <merchant id>]
//     [--password <p> | --password-stdin] (random if omitted, printed once, and to be changed at first sign-in)
//   set-role <username> <role> [--merchant <merchant id>]
//   disable <username> | enable <username>
//   reset-password <username> [--password <p> | --password-stdin]
// With the embedded database, stop the server first (one process per data folder).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import type { Role } from "@/lib/access/roles";
import { closeDb } from "@/lib/db/client";
import { randomPassword } from "@/lib/users/random-password";
import { createUser, listUsers, resetUserPassword, setUserDisabled, setUserRole } from "@/lib/users/system-accounts";

const USAGE = `usage: npm run users -- list
       npm run users -- create <username> --role <admin|operator|viewer|ingest|merchant> [--merchant <id>]
                       [--password <p> | --password-stdin]
       npm run users -- set-role <username> <role> [--merchant <id>]
       npm run users -- disable <username> | enable <username>
       npm run users -- reset-password <username> [--password <p> | --password-stdin]

--password-stdin reads the password from standard input (its first line), so that it stays out of
the shell's history and the process list: printf '%s' "$PASSWORD" | npm run users -- reset-password admin --password-stdin
Without a password one is generated, printed once, and must be changed at the first sign-in.
A merchant account (--role merchant) belongs to the merchant --merchant names and sees only its data.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      role: { type: "string" },
      merchant: { type: "string" },
      password: { type: "string" },
      "password-stdin": { type: "boolean" },
    },
  });
  const [command, username, extra] = positionals;
  const chosen = values["password-stdin"] ? readFileSync(0, "utf8").split(/\r?\n/)[0] : values.password;
  const generated = chosen ? undefined : randomPassword();
  const password = chosen ?? generated!;
  const passwordChangeRequired = generated !== undefined;
  const merchantId = values.merchant;
  const show = (u: { username: string; role: string; merchantId: string | null; disabled: boolean }) =>
    console.log(`${u.username}\t${u.role}${u.merchantId ? `\t${u.merchantId}` : ""}${u.disabled ? "\tdisabled" : ""}`);

  switch (command) {
    case "list":
      for (const user of await listUsers()) show(user);
      return 0;
    case "create":
      if (!username || !values.role) break;
      show(await createUser({ username, password, role: values.role as Role, merchantId, passwordChangeRequired }));
      if (generated) console.log(`password (shown once): ${generated}`);
      return 0;
    case "set-role":
      if (!username || !extra) break;
      show(await setUserRole({ username, role: extra as Role, merchantId }));
      return 0;
    case "disable":
    case "enable":
      if (!username) break;
      show(await setUserDisabled({ username, disabled: command === "disable" }));
      return 0;
    case "reset-password":
      if (!username) break;
      show(await resetUserPassword({ username, password, passwordChangeRequired }));
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
