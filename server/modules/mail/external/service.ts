// External mail accounts (shared/mail/external.ts): the rules of 000 §4 (required fields, privacy agreement,
// not the user's own address or alias, no duplicates, at most 100), the login test on every save, the SMTP
// check when sending through the account is on, and "fetch now".
import type { AuthStatus, ExternalAccount, ExternalAccountList, FetchStatus, ServerName, SmtpStatus } from "../../../../shared/mail/external.ts";
import {
  EXTERNAL_FETCH_LOCK_MS, externalCreateBody, externalIdsBody, externalUpdateBody, MAX_EXTERNAL_ACCOUNTS,
} from "../../../../shared/mail/external.ts";
import { sameAddress } from "../../../../shared/users.ts";
import type { Caller } from "../../../lib/context.ts";
import { isAliasOf } from "../aliases/repo.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { AppError, messageOf, notFound } from "../../../lib/errors.ts";
import { parseWith } from "../../../lib/validate.ts";
import { decryptPassword, encryptPassword } from "./crypto.ts";
import { ensureTag, runFetch, testLogin } from "./fetch.ts";
import type { AccountRow, AccountValues } from "./repo.ts";
import * as repo from "./repo.ts";
import { HostForbiddenError, resolveTarget } from "../../../lib/host-guard.ts";
import { verifySmtp } from "./smtp-check.ts";
import { externalNet } from "./trust.ts";
import * as tagsRepo from "../folders/tags-repo.ts";

/**
 * The account as answered. A FETCHING whose lock ran out (the fetching process died) is answered FAILED, so
 * the UI stops polling and "fetch now" can claim it again (repo.claim takes an expired lock).
 */
export function toDto(r: AccountRow, now: Date): ExternalAccount {
  const stale = r.fetchStatus === "FETCHING" && !(r.lockedUntil && r.lockedUntil > now);
  return {
    id: r.id,
    serverName: r.serverName as ServerName,
    protocol: r.protocol as "POP3" | "IMAP",
    host: r.host,
    port: r.port,
    secure: r.secure,
    email: r.email,
    loginId: r.loginId,
    tag: r.tag,
    keepOnServer: r.keepOnServer,
    useSmtp: r.useSmtp,
    smtpHost: r.smtpHost,
    smtpPort: r.smtpPort,
    smtpSecure: r.smtpSecure,
    smtpStatus: r.smtpStatus as SmtpStatus | null,
    authStatus: r.authStatus as AuthStatus,
    fetchStatus: stale ? "FAILED" : r.fetchStatus as FetchStatus,
    fetchedCount: r.fetchedCount,
    totalCount: r.totalCount,
    lastProtocolMessage: stale ? null : r.lastProtocolMessage,
    lastFetchAt: r.lastFetchAt ? r.lastFetchAt.toISOString() : null,
  };
}

export async function listAccounts(caller: Caller): Promise<ExternalAccountList> {
  const { companyId, userId } = caller.auth;
  const now = caller.deps.clock.now();
  return { accounts: (await repo.list(caller.deps.db, companyId, userId)).map((r) => toDto(r, now)) };
}

/** Someone's duplicate: 409 mail.418 (the caller's own), the spec's "226 mail.558" (another user's). */
async function checkDuplicate(db: DbOrTx, caller: Caller, email: string, exceptId = 0): Promise<void> {
  const { companyId, userId } = caller.auth;
  const holders = await repo.holdersOf(db, companyId, email, exceptId);
  if (holders.some((h) => h.userId === userId)) throw new AppError(409, "mail.418");
  if (holders.length) throw new AppError(226, "mail.558");
}

/** Own address or alias (400), a duplicate (checkDuplicate; again under the company lock when saving). */
async function checkAddress(caller: Caller, email: string, exceptId = 0): Promise<void> {
  const { db } = caller.deps;
  const { userId, username, companyId } = caller.auth;
  if (sameAddress(email, username) || await isAliasOf(db, companyId, userId, email)) throw new AppError(400, "mail.external_own");
  await checkDuplicate(db, caller, email, exceptId);
}

/**
 * Resolves and checks the fetch host and (with useSmtp) the SMTP host before anything connects: an internal
 * address answers 400 mail.external_host_forbidden naming the field. A name that does not resolve is left
 * to the login test (AUTH_FAILURE, "could not connect").
 */
async function checkHosts(caller: Caller, s: Settings): Promise<void> {
  const allow = caller.deps.config.EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS;
  if (allow) return;
  const fields = [["host", s.host], ...(s.useSmtp ? [["smtpHost", s.smtpHost]] : [])];
  const bad: string[] = [];
  for (const [field, host] of fields) {
    try {
      await resolveTarget(host, false);
    } catch (e) {
      if (e instanceof HostForbiddenError) bad.push(field);
    }
  }
  if (bad.length) {
    const code = "mail.external_host_forbidden";
    throw new AppError(400, code, undefined, bad.map((field) => ({ field, code, message: messageOf(code) })));
  }
}

/** The settings that say where and as whom to connect: changing any needs the password again. */
const CONNECTION_FIELDS = ["protocol", "host", "port", "secure", "loginId", "smtpHost", "smtpPort", "smtpSecure"] as const;

function connectionChanged(current: AccountRow, next: ReturnType<typeof columnsOf>): boolean {
  const norm = (k: typeof CONNECTION_FIELDS[number], v: unknown) =>
    (k === "host" || k === "smtpHost") && typeof v === "string" ? v.toLowerCase() : v;
  return CONNECTION_FIELDS.some((k) => norm(k, current[k]) !== norm(k, next[k]));
}

/** What identifies the remote mailbox for the seen list: protocol, host and login (case-insensitive). */
const mailboxKey = (r: Pick<AccountRow, "protocol" | "host" | "loginId">) =>
  `${r.protocol} ${r.host.toLowerCase()} ${r.loginId.toLowerCase()}`;

type Settings = ReturnType<typeof externalUpdateBody.parse>;

/** Tries the fetch login and, with useSmtp, the SMTP login; answers the status columns to store. */
async function checkServers(caller: Caller, s: Settings & { loginId: string }, password: string): Promise<Partial<AccountValues>> {
  const net = externalNet(caller.deps.config);
  const [login, smtp] = await Promise.all([
    testLogin(s, password, net),
    s.useSmtp ? verifySmtp({ ...s, password }, net) : Promise.resolve(null),
  ]);
  const messages = [login.message, smtp && !smtp.ok ? `SMTP: ${smtp.message}` : ""].filter(Boolean);
  return {
    authStatus: login.authStatus,
    smtpStatus: smtp ? (smtp.ok ? "SUCCEEDED_CERTIFICATE" : "FAILED_CERTIFICATE") : null,
    lastProtocolMessage: messages.join(" / ") || null,
  };
}

function columnsOf(s: Settings) {
  return {
    serverName: s.serverName,
    protocol: s.protocol,
    host: s.host,
    port: s.port,
    secure: s.secure,
    email: s.email,
    loginId: s.loginId || s.email,
    tag: s.tag,
    keepOnServer: s.keepOnServer,
    useSmtp: s.useSmtp,
    smtpHost: s.smtpHost,
    smtpPort: s.smtpPort,
    smtpSecure: s.smtpSecure,
  };
}

export async function createAccount(caller: Caller, input: unknown): Promise<ExternalAccount> {
  const { deps, auth } = caller;
  const body = parseWith(externalCreateBody, input);
  await checkAddress(caller, body.email);
  if (await repo.countOwn(deps.db, auth.companyId, auth.userId) >= MAX_EXTERNAL_ACCOUNTS) {
    throw new AppError(400, "mail.external_limit");
  }
  await checkHosts(caller, body);
  const columns = columnsOf(body);
  const status = await checkServers(caller, { ...body, loginId: columns.loginId }, body.password);
  const passwordEnc = await encryptPassword(deps.db, body.password);
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockCompany(tx, auth.companyId);
    // Again under the company lock: two adds at once (one user or two) cannot pass the limit or both add one address.
    if (await repo.countOwn(tx, auth.companyId, auth.userId) >= MAX_EXTERNAL_ACCOUNTS) throw new AppError(400, "mail.external_limit");
    await checkDuplicate(tx, caller, body.email);
    // The account's tag is made with the account, so a refused add leaves no tag behind.
    const tag = await ensureTag(tx, auth.companyId, auth.userId, body.tag, deps.clock.now());
    return await repo.insert(tx, {
      ...columns,
      ...status,
      tag,
      companyId: auth.companyId,
      userId: auth.userId,
      passwordEnc,
      privacyAgreed: true,
      createdAt: deps.clock.now(),
    });
  });
  return toDto(row, deps.clock.now());
}

export async function updateAccount(caller: Caller, id: number, input: unknown): Promise<ExternalAccount> {
  const { deps, auth } = caller;
  const current = await repo.find(deps.db, auth.companyId, auth.userId, id);
  if (!current) throw notFound();
  const body = parseWith(externalUpdateBody, input);
  const columns = columnsOf(body);
  // The stored password goes only where it went before: another server, port, TLS choice or login needs it
  // typed again (else a changed host would receive the stored password).
  if (!body.password && connectionChanged(current, columns)) {
    const code = "mail.external_required";
    throw new AppError(400, code, undefined, [{ field: "password", code, message: messageOf(code) }]);
  }
  await checkAddress(caller, body.email, id);
  await checkHosts(caller, body);
  const password = body.password ? body.password : await decryptPassword(deps.db, current.passwordEnc);
  const status = await checkServers(caller, { ...body, loginId: columns.loginId }, password);
  const passwordEnc = body.password ? await encryptPassword(deps.db, body.password) : undefined;
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockCompany(tx, auth.companyId);
    if (body.email !== current.email) await checkDuplicate(tx, caller, body.email, id);
    // Another mailbox: what was seen in the old one says nothing about the new one. A port or TLS change,
    // or another letter case, is the same mailbox.
    if (mailboxKey(current) !== mailboxKey(columns)) await repo.forgetSeen(tx, id, []);
    const tag = await ensureTag(tx, auth.companyId, auth.userId, body.tag, deps.clock.now());
    const updated = await repo.update(tx, id, { ...columns, ...status, tag, ...(passwordEnc ? { passwordEnc } : {}) });
    if (tag !== current.tag) await dropUnusedTag(tx, caller, current.tag);
    return updated;
  });
  if (!row) throw notFound();
  return toDto(row, deps.clock.now());
}

/**
 * The account's former tag, once it names another: removed from the tag list when no mail of the user carries
 * it and none of their accounts names it (it was the account's, and is now empty); kept otherwise.
 */
async function dropUnusedTag(tx: DbOrTx, caller: Caller, tag: string): Promise<void> {
  const { companyId, userId } = caller.auth;
  await tagsRepo.lockTags(tx, userId);
  const row = await tagsRepo.find(tx, companyId, userId, tag);
  if (!row) return;
  const named = (await repo.list(tx, companyId, userId)).some((a) => a.tag.toLowerCase() === tag.toLowerCase());
  if (named || await tagsRepo.onMails(tx, companyId, userId, tag)) return;
  await tagsRepo.remove(tx, companyId, userId, row.id);
}

export async function deleteAccounts(caller: Caller, input: unknown): Promise<void> {
  const { externalIds } = parseWith(externalIdsBody, input);
  const { companyId, userId } = caller.auth;
  if (!await repo.remove(caller.deps.db, companyId, userId, externalIds)) throw notFound();
}

/**
 * GET .../fetch: starts a fetch of each account that is not being fetched already; the fetch goes on after
 * the answer (poll GET .../external for fetchStatus and the counts). Ids not of the caller answer 404.
 */
export async function fetchNow(caller: Caller, ids: number[]): Promise<ExternalAccountList> {
  const { deps, auth } = caller;
  if (!ids.length) throw new AppError(400, "mail.external_ids");
  const rows = await repo.findMany(deps.db, auth.companyId, auth.userId, ids);
  if (rows.length !== new Set(ids).size) throw notFound();
  const now = deps.clock.now();
  for (const r of rows) {
    const claimed = await repo.claim(deps.db, r.id, now, new Date(now.getTime() + EXTERNAL_FETCH_LOCK_MS));
    if (claimed) {
      runFetch(deps, claimed).catch((e) => deps.log.error("external fetch crashed", { accountId: r.id, err: String(e) }));
    }
  }
  const at = deps.clock.now();
  return { accounts: (await repo.findMany(deps.db, auth.companyId, auth.userId, ids)).map((r) => toDto(r, at)) };
}

/** The account a mail may be sent through (compose senderType EXTERNAL): SMTP on and certified, else 403. */
export async function externalSender(caller: Caller, senderId: unknown) {
  const id = Number(senderId);
  const { deps, auth } = caller;
  const row = Number.isSafeInteger(id) && id > 0 ? await repo.find(deps.db, auth.companyId, auth.userId, id) : undefined;
  if (!row || !row.useSmtp || row.smtpStatus !== "SUCCEEDED_CERTIFICATE") throw new AppError(403, "mail.360");
  return {
    email: row.email,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecure: row.smtpSecure,
    loginId: row.loginId,
    password: await decryptPassword(deps.db, row.passwordEnc),
  };
}
export type ExternalSender = Awaited<ReturnType<typeof externalSender>>;
