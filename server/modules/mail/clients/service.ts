// The mail-program settings of the signed-in user (shared/mail/clients.ts): the mail-program password (set,
// change, remove; only its argon2id hash is kept) and what a client needs to be set up (host, user name,
// ports with their security, the certificate's kind and fingerprint, whether the company allows IMAP/POP3).
// Changing or removing the password clears the account's failed client sign-ins, so a client that was
// locked out by retrying the old password may sign in with the new one at once.
import type { ClientEndpoint, ClientPasswordState, ClientSecurity, ClientServerSettings } from "../../../../shared/mail/clients.ts";
import { clientPasswordBody } from "../../../../shared/mail/clients.ts";
import type { Config } from "../../../config.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { hashPassword } from "../../../lib/passwords.ts";
import { companyConfig } from "../../company/service.ts";
import { clearClientFailures, deletePassword, findPassword, savePassword } from "./repo.ts";
import { loadTls, publicMailHost } from "./tls.ts";

export async function passwordState(caller: Caller): Promise<ClientPasswordState> {
  const row = await findPassword(caller.deps.db, caller.auth.userId);
  return {
    exists: !!row,
    updatedTimeMillis: row ? row.updatedAt.getTime() : null,
    lastUsedTimeMillis: row?.lastUsedAt ? row.lastUsedAt.getTime() : null,
  };
}

/** 400 mail.program_password unless the §5 rule holds (a missing or non-text password included). */
export async function setPassword(caller: Caller, input: unknown): Promise<ClientPasswordState> {
  const parsed = clientPasswordBody.safeParse(input ?? {});
  if (!parsed.success) throw new AppError(400, "mail.program_password");
  const hash = await hashPassword(parsed.data.password);
  const { db, clock } = caller.deps;
  await db.transaction(async (tx) => {
    await savePassword(tx, { userId: caller.auth.userId, companyId: caller.auth.companyId, hash, now: clock.now() });
    await clearClientFailures(tx, caller.auth.username);
  });
  return await passwordState(caller);
}

export async function removePassword(caller: Caller): Promise<ClientPasswordState> {
  await caller.deps.db.transaction(async (tx) => {
    await deletePassword(tx, caller.auth.userId);
    await clearClientFailures(tx, caller.auth.username);
  });
  return await passwordState(caller);
}

export async function serverSettings(caller: Caller): Promise<ClientServerSettings> {
  const { deps } = caller;
  const [company, password, tls] = await Promise.all([
    companyConfig(deps, caller.auth.companyId, "mail") as Promise<{ imap: boolean; pop3: boolean }>,
    findPassword(deps.db, caller.auth.userId),
    loadTls(deps.config, deps.log),
  ]);
  const ports = announcedPorts(deps.config);
  return {
    host: publicMailHost(deps.config), // MAIL_CLIENTS_PUBLIC_HOST, MAIL_HOSTNAME or the PUBLIC_URL host
    username: caller.auth.username.toLowerCase(),
    imapAllowed: company.imap,
    pop3Allowed: company.pop3,
    imap: ports.imap,
    pop3: ports.pop3,
    smtp: ports.smtp,
    certificate: tls.selfSigned ? "SELF_SIGNED" : "CONFIGURED",
    fingerprint: tls.fingerprint,
    passwordSet: !!password,
  };
}

/** Port names of MAIL_CLIENTS_PUBLIC_PORTS and the listening port each stands for. */
const PORTS = [
  { name: "imaps", protocol: "imap", security: "TLS", listen: "IMAPS_PORT" },
  { name: "imap", protocol: "imap", security: "STARTTLS", listen: "IMAP_PORT" },
  { name: "pop3s", protocol: "pop3", security: "TLS", listen: "POP3S_PORT" },
  { name: "pop3", protocol: "pop3", security: "STARTTLS", listen: "POP3_PORT" },
  { name: "submissions", protocol: "smtp", security: "TLS", listen: "SUBMISSIONS_PORT" },
  { name: "submission", protocol: "smtp", security: "STARTTLS", listen: "SUBMISSION_PORT" },
] as const satisfies readonly { name: string; protocol: string; security: ClientSecurity; listen: keyof Config }[];

/**
 * The ports users are told, TLS first in each list. MAIL_CLIENTS_PUBLIC_PORTS, when set, names exactly the
 * ports clients reach (a proxy may put only some in front; unknown names are ignored); otherwise the listening
 * ports, none while the client servers are off (MAIL_CLIENTS_ENABLED=false), and never a port 0 (a free port
 * picked at every start cannot be announced).
 */
export function announcedPorts(config: Config): Record<"imap" | "pop3" | "smtp", ClientEndpoint[]> {
  const out: Record<"imap" | "pop3" | "smtp", ClientEndpoint[]> = { imap: [], pop3: [], smtp: [] };
  const pub = config.MAIL_CLIENTS_PUBLIC_PORTS
    ? new Map(config.MAIL_CLIENTS_PUBLIC_PORTS.split(",").map((e) => e.split("=")).map(([k, v]) => [k.trim().toLowerCase(), Number(v)]))
    : null;
  if (!pub && !config.MAIL_CLIENTS_ENABLED) return out;
  for (const p of PORTS) {
    const port = pub ? pub.get(p.name) : config[p.listen];
    if (port && port > 0 && port <= 65535) out[p.protocol].push({ port, security: p.security });
  }
  return out;
}
