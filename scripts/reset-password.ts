// Resets a user's password and signs them out everywhere:
//   deno task password:reset --username kim@acme.com --password 'Temp1234!' [--no-force-change]
import { args, runScript, UsageError } from "./lib/cli.ts";
import { findUserByUsername } from "../server/modules/users/repo.ts";
import { storePassword } from "../server/modules/users/security.ts";
import { revokeUserSessions } from "../server/modules/auth/sessions.ts";
import { isValidPassword, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from "../shared/users.ts";

const USAGE = "Usage: deno task password:reset --username USER@DOMAIN --password NEW_PASSWORD [--no-force-change]";

await runScript(async (deps) => {
  const v = args({ username: { type: "string" }, password: { type: "string" }, "no-force-change": { type: "boolean" }, help: { type: "boolean" } }, USAGE);
  if (!v.username || !v.password) throw new UsageError(`--username and --password are required\n\n${USAGE}`);
  if (!isValidPassword(v.password)) {
    throw new UsageError(`--password: use ${PASSWORD_MIN}-${PASSWORD_MAX} characters with a letter, a digit and one of ${PASSWORD_SPECIALS}`);
  }
  const user = await findUserByUsername(deps.db, v.username.trim().toLowerCase());
  if (!user || user.status === "DELETED") throw new Error(`no user ${v.username}`);
  const force = !v["no-force-change"];
  await deps.db.transaction(async (tx) => {
    await storePassword(tx, deps, user, v.password!, "RESET", { requestChange: force, checkHistory: false });
    const n = await revokeUserSessions(deps, user.id, "PASSWORD_RESET", undefined, tx);
    console.log(`password of ${user.username} reset; ${n} open session(s) ended${force ? "; a change is required at next sign-in" : ""}`);
  });
});
