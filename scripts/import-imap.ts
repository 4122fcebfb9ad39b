// Moves mailboxes in from another mail server over IMAP: every folder (hierarchy kept, system folders to the
// suite's own), every message with its flags and received date; run again, it copies only what is new.
//   deno task mail:import-imap --host imap.old.example --tls --user kim --password 'pw' --to kim@acme.com
//   deno task mail:import-imap --csv accounts.csv      (host,port,security,user,password,to per line)
import { args, runScript, UsageError } from "./lib/cli.ts";
import type { AppDeps } from "../server/lib/context.ts";
import { parseCsv } from "../server/modules/mail/import/csv.ts";
import { type ImportRequest, importImapAccount, type Progress } from "../server/modules/mail/import/import-account.ts";
import { portOf, type Security } from "../server/modules/mail/import/imap-source.ts";

const USAGE = `Usage: deno task mail:import-imap --host HOST [--port PORT] [--tls|--starttls|--plain] --user LOGIN --password PASSWORD --to USER@DOMAIN
       deno task mail:import-imap --csv FILE

Copies every folder and message of an IMAP account into a user's mailbox; running it again copies only
what is new. --tls: implicit TLS (port 993); --starttls: STARTTLS required (143); --plain: no TLS (143);
none of them: STARTTLS when the server offers it (143).
--csv FILE: one account per line, columns host,port,security,user,password,to (an optional first line
naming them; port may be empty; security tls, starttls, plain or empty), each imported in turn.`;

const OPTIONS = {
  host: { type: "string" },
  port: { type: "string" },
  tls: { type: "boolean" },
  starttls: { type: "boolean" },
  plain: { type: "boolean" },
  user: { type: "string" },
  password: { type: "string" },
  to: { type: "string" },
  csv: { type: "string" },
  help: { type: "boolean" },
} as const;

function requestOf(v: ReturnType<typeof args<typeof OPTIONS>>): ImportRequest {
  const missing = (["host", "user", "password", "to"] as const).filter((k) => !v[k]);
  if (missing.length) throw new UsageError(`${missing.map((k) => `--${k}`).join(", ")} required\n\n${USAGE}`);
  const chosen = (["tls", "starttls", "plain"] as const).filter((k) => v[k]);
  if (chosen.length > 1) throw new UsageError(`choose one of --tls, --starttls, --plain\n\n${USAGE}`);
  let port: number | undefined;
  if (v.port !== undefined) {
    port = Number(v.port);
    if (!/^\d{1,5}$/.test(v.port) || port < 1 || port > 65535) throw new UsageError(`--port: "${v.port}" is not a port number`);
  }
  if (!v.to!.includes("@")) throw new UsageError(`--to: "${v.to}" is not an address (user@domain)`);
  const security: Security = chosen[0] ?? "auto";
  return { host: v.host!, ...(port ? { port } : {}), security, user: v.user!, password: v.password!, to: v.to! };
}

/** Progress lines: each folder's start and end, and between them at most one a second. */
function progressPrinter() {
  let last = 0;
  return (p: Progress) => {
    const now = Date.now();
    if (p.total === 0 && p.done === 0) return;
    if (p.done === 0 || p.done === p.total || now - last >= 1000) {
      last = now;
      console.log(`  ${p.folder}: ${p.done}/${p.total}`);
    }
  };
}

async function importOne(deps: AppDeps, req: ImportRequest): Promise<void> {
  const started = Date.now();
  console.log(`${req.user} at ${req.host}:${portOf(req)} → ${req.to}`);
  const s = await importImapAccount(deps, req, {
    onProgress: progressPrinter(),
    onSkipFolder: (path, reason) => console.log(`  skipped folder ${path}: ${reason}`),
    onSkipMessage: (folder, uid, reason) => console.log(`  skipped UID ${uid} in ${folder}: ${reason}`),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `done: ${s.folders.length} folders, ${s.copied} messages copied, ${s.existing} already there, ` +
      `${s.skipped} skipped, into ${s.to} in ${seconds} s`,
  );
}

await runScript(async (deps) => {
  const v = args(OPTIONS, USAGE);
  if (!v.csv) return await importOne(deps, requestOf(v));
  const others = (Object.keys(OPTIONS) as (keyof typeof OPTIONS)[]).filter((k) => k !== "csv" && k !== "help" && v[k] !== undefined);
  if (others.length) throw new UsageError(`--csv takes the accounts from the file: leave out ${others.map((k) => `--${k}`).join(", ")}\n\n${USAGE}`);
  let text: string;
  try {
    text = await Deno.readTextFile(v.csv);
  } catch (e) {
    throw new UsageError(`--csv: cannot read ${v.csv} (${(e as Error).message})`);
  }
  const lines = parseCsv(text);
  if (!lines.length) throw new UsageError(`--csv: ${v.csv} lists no account`);
  const failed: string[] = [];
  for (const [i, l] of lines.entries()) {
    console.log(`[${i + 1}/${lines.length}] line ${l.line}`);
    try {
      if (l.error) throw new Error(l.error);
      await importOne(deps, l.request!);
    } catch (e) {
      const who = l.request ? ` (${l.request.user} → ${l.request.to})` : "";
      const text = `line ${l.line}${who}: ${(e as Error).message}`;
      console.error(`error: ${text}`);
      failed.push(text);
    }
  }
  console.log(`${lines.length - failed.length} of ${lines.length} accounts imported`);
  if (failed.length) throw new Error(`${failed.length} of ${lines.length} accounts failed:\n  ${failed.join("\n  ")}`);
});
