// Importing the mail of one external account into its owner's mailbox with the account's tag, filed where the
// inbound decisions put it (inbound.ts: block lists → spam, rules, smart mailbox; otherwise the INBOX). The caller has
// claimed the account (repo.claim / claimDue: FETCHING, locked_until set). Each message is stored once: its
// mail_external_seen row is inserted first and the message filed in the same transaction, so a crash part-way
// never imports a message twice, and a second fetch overlapping this one (a lock that ran out) finds the row
// taken and skips the message. Messages over MAX_MESSAGE_BYTES (listed, or found so while reading) are skipped
// for good. Hosts are checked before connecting (host-guard.ts). POP3 with keepOnServer off deletes a message only after it is stored (and deletions only
// take effect at QUIT). Progress (totalCount, fetchedCount) is written as it goes, for the UI to poll.
import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema/users.ts";
import { EXTERNAL_FETCH_BATCH, EXTERNAL_FETCH_LOCK_MS } from "../../../../shared/mail/external.ts";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { TAGS_MAX } from "../../../../shared/mail/folders.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { fileInTransaction } from "../store/deliver.ts";
import { parseMessage } from "../store/parse.ts";
import { MAILBOX_COLUMNS, overQuota } from "../store/recipients.ts";
import * as tagsRepo from "../folders/tags-repo.ts";
import { decryptPassword } from "./crypto.ts";
import { openImap } from "./imap-fetch.ts";
import { openPop3 } from "./pop3-fetch.ts";
import type { AccountRow } from "./repo.ts";
import * as repo from "./repo.ts";
import { resolveTarget } from "../../../lib/host-guard.ts";
import { type ExternalNet, externalNet } from "./trust.ts";
import { fetchedTarget } from "./inbound.ts";
import { type MailSource, MessageTooLargeError, protocolMessageOf, ProtocolError } from "./source.ts";

type FetchServer = Pick<AccountRow, "protocol" | "host" | "port" | "secure" | "loginId">;

/**
 * Opens the account's fetch server with the given password: the host resolved and checked (host-guard.ts,
 * unless private hosts are allowed), the checked address dialled with the name kept for TLS.
 */
export async function openSource(a: FetchServer, password: string, net: ExternalNet): Promise<MailSource> {
  const target = await resolveTarget(a.host, net.allowPrivate);
  const ep = { host: target.address, servername: target.servername, port: a.port, secure: a.secure, ...(net.ca ? { ca: net.ca } : {}) };
  return a.protocol === "IMAP" ? await openImap(ep, a.loginId, password) : await openPop3(ep, a.loginId, password);
}

/** Tries the login only; answers the status to store and the server's message. */
export async function testLogin(a: FetchServer, password: string, net: ExternalNet) {
  try {
    const source = await openSource(a, password, net);
    await source.close();
    return { authStatus: "AUTH_SUCCESS" as const, message: source.message };
  } catch (e) {
    return { authStatus: "AUTH_FAILURE" as const, message: protocolMessageOf(e) };
  }
}

/** The user's tag of this name (regardless of case), made when missing; answers the name to put on mails. */
export async function ensureTag(db: DbOrTx, companyId: number, userId: number, tag: string, now: Date): Promise<string> {
  return await db.transaction(async (tx) => {
    await tagsRepo.lockTags(tx, userId);
    const found = await tagsRepo.findIgnoringCase(tx, companyId, userId, tag);
    if (found) return found.tag;
    if (await tagsRepo.countTags(tx, companyId, userId) < TAGS_MAX) {
      await tagsRepo.insert(tx, { companyId, userId, tag, color: null, createdAt: now });
    }
    return tag;
  });
}

/** Fetches one claimed account to the end; never throws (the outcome is written on the account). */
export async function runFetch(deps: AppDeps, account: AccountRow): Promise<void> {
  const { db, clock } = deps;
  const done = (values: Partial<AccountRow>) =>
    repo.progress(db, account.id, { ...values, lockedUntil: null, lastFetchAt: clock.now() });
  let source: MailSource | undefined;
  try {
    source = await openSource(account, await decryptPassword(db, account.passwordEnc), externalNet(deps.config));
  } catch (e) {
    const auth = e instanceof ProtocolError && e.auth;
    await done({ fetchStatus: "FAILED", lastProtocolMessage: protocolMessageOf(e), ...(auth ? { authStatus: "AUTH_FAILURE" } : {}) })
      .catch((err) => deps.log.error("external fetch: saving the outcome failed", { err: String(err) }));
    return;
  }
  try {
    await repo.progress(db, account.id, { authStatus: "AUTH_SUCCESS" });
    const outcome = await importAll(deps, account, source);
    if (outcome.dropped) source.abort();
    else await source.close();
    await done({ fetchStatus: outcome.failure ? "FAILED" : "COMPLETE", lastProtocolMessage: outcome.failure ?? source.message });
  } catch (e) {
    source.abort();
    deps.log.warn("external fetch failed", { accountId: account.id, err: String(e) });
    await done({ fetchStatus: "FAILED", lastProtocolMessage: protocolMessageOf(e) })
      .catch((err) => deps.log.error("external fetch: saving the outcome failed", { err: String(err) }));
  }
}

async function importAll(deps: AppDeps, account: AccountRow, source: MailSource): Promise<{ failure?: string; dropped?: boolean }> {
  const { db, clock } = deps;
  const seen = await repo.seenUids(db, account.id);
  const listing = await source.list(seen);
  const remote = listing.messages;
  const deleting = source.canDelete && !account.keepOnServer;
  // Stored before but still on the server (a deletion that did not reach QUIT last time): delete it now.
  if (deleting) for (const m of remote) if (seen.has(m.uid)) await source.remove(m.uid);
  if (listing.complete) await repo.forgetSeen(db, account.id, remote.map((m) => m.uid));
  else await repo.forgetUids(db, account.id, listing.forget);

  const fresh = remote.filter((m) => !seen.has(m.uid)).slice(0, EXTERNAL_FETCH_BATCH);
  await repo.progress(db, account.id, { totalCount: fresh.length, fetchedCount: 0 });
  if (!fresh.length) return {};

  const [box] = await db.select(MAILBOX_COLUMNS).from(users).where(eq(users.id, account.userId));
  if (!box) return { failure: "common.404" };
  const tag = await ensureTag(db, account.companyId, account.userId, account.tag, clock.now());
  let used = box.usedSize;
  let fetched = 0;
  for (const m of fresh) {
    if (m.size > MAX_MESSAGE_BYTES) {
      // Too large to store: remembered as seen so it is not tried again, left on the server.
      await repo.markSeen(db, account.id, m.uid, clock.now());
      continue;
    }
    let raw: Uint8Array;
    try {
      raw = await source.retrieve(m.uid);
    } catch (e) {
      if (!(e instanceof MessageTooLargeError)) throw e;
      // Bigger than its listed size said: skipped for good, as above. POP3 had to drop the connection.
      await repo.markSeen(db, account.id, m.uid, clock.now());
      if (e.dropped) return { failure: e.message, dropped: true };
      continue;
    }
    if (overQuota({ totalQuota: box.totalQuota, usedSize: used }, raw.length)) return { failure: "mail.quota_exceeded" };
    const parsed = await parseMessage(raw);
    // The block lists, rules and smart mailbox decide the folder, as for SMTP mail (inbound.ts).
    const target = await fetchedTarget(deps.sql, account.userId, parsed, raw.length, tag);
    const blob = await deps.blobs.put(raw);
    const now = clock.now();
    // The seen row first, in the same transaction: a fetch running alongside (a lock that ran out) waits on it
    // and, once this commits, gets nothing back and skips the message — each message is stored once.
    const filed = await db.transaction(async (tx) => {
      if (!await repo.markSeen(tx, account.id, m.uid, now)) return null;
      return await fileInTransaction(tx, {
        companyId: account.companyId,
        raw,
        receivedAt: parsed.sentAt && parsed.sentAt <= now ? parsed.sentAt : now,
        targets: [target],
      }, parsed, blob.key);
    });
    if (!filed) continue;
    used += raw.length;
    if (deleting) await source.remove(m.uid);
    fetched++;
    await repo.progress(db, account.id, {
      fetchedCount: fetched,
      lockedUntil: new Date(clock.now().getTime() + EXTERNAL_FETCH_LOCK_MS),
    });
    const mail = filed.mails[0];
    void deps.realtime.publishNewMail(box.username, mail.folderId, mail.mailId);
  }
  return {};
}

/**
 * The scheduled job: fetches up to `limit` due accounts one after another, claiming each just before its
 * fetch (so no claimed account waits behind others while its lock runs out).
 */
export async function fetchDueAccounts(deps: AppDeps, intervalMs: number, limit = 5): Promise<number> {
  let done = 0;
  while (done < limit) {
    const now = deps.clock.now();
    const account = await repo.claimDue(deps.db, now, new Date(now.getTime() - intervalMs), new Date(now.getTime() + EXTERNAL_FETCH_LOCK_MS));
    if (!account) break;
    await runFetch(deps, account);
    done++;
  }
  return done;
}
