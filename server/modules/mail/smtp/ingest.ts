// DATA: one message from another server, for the recipients accepted at RCPT. It is parsed once and its
// SPF/DKIM/DMARC verdicts taken (smtp/prepare.ts, in a worker thread when the listener has a pool); the
// Return-Path (store/return-path.ts: the envelope sender, replacing any the message brings), a Received: and the
// Authentication-Results: header are put in front of it, after the checks, as the message row's headerPrefix
// (store/message-bytes.ts); the bytes received go to the blob store (synced) meanwhile; then ONE transaction
// (shared with the other messages ready at the same time: store/group-commit.ts) stores
// the message once per recipient company and files it for every recipient, so a message for two companies is
// stored for both or for neither. Only when that transaction has committed does the caller answer 250;
// NEW_MAIL events follow the commit. The spam-log entries of recipients who get it in spam are written in that
// same transaction (store/deliver.ts). A recipient that is a board's address (RCPT resolved it so: no user,
// alias or organisation has it) gets no copy: before the filing, the message becomes a post there
// (board/mail/service.ts deliverMailToBoards), or is dropped (logged) when the board does not take its sender.
// Any X-Gw-Forwarded-By header the message brings is removed: only this server's own forwarding may mark
// mail (inbound/forward.ts), so a stranger cannot forge one to suppress forwards or away replies.
// The follow-ups (forwarding, away replies: inbound/after.ts) are started after the commit and NOT waited
// for, so the 250 never waits on them (a late 250 invites the remote MTA to send the message again). They are
// durable: the filing transaction writes a mail_followups row for each recipient who has any, and the
// followups job (inbound/followups.ts) runs those a crash or stop left behind.
import type { AppDeps } from "../../../lib/context.ts";
import type { FileResult } from "../store/deliver.ts";
import { prepareFiling } from "../store/filing-rows.ts";
import { type Announced, expectDelivery, fileGrouped } from "../store/group-commit.ts";
import { type SystemFolderIds, systemFolders } from "../store/folders.ts";
import { type LocalMailbox, normalizeAddress, overQuota, type ResolvedRecipient } from "../store/recipients.ts";
import { lookupRecipients } from "./mailboxes.ts";
import type { DnsResolver } from "./auth.ts";
import { prepareInbound, type Preparer } from "./prepare.ts";
import { startAfterDelivery } from "../inbound/after.ts";
import { startItipInbound } from "../../calendar/itip-mail/inbound.ts";
import { followUpFor } from "../inbound/followups.ts";
import { stripForwardMarkers } from "../inbound/forward.ts";
import { returnPathField, withoutReturnPath } from "../store/return-path.ts";
import { withPrefix } from "../store/message-bytes.ts";
import { spamLogEntry } from "../inbound/spam-log.ts";
import { listedSender, sameSender, senderGuess } from "../inbound/sender-lists.ts";
import { type InboundMessage, planDelivery } from "../inbound/plan.ts";
import { loadInboundSettings } from "../inbound/settings.ts";
import { REPLIES } from "./recipients.ts";
import { ownDomainSpoofs } from "../inbound/own-domain.ts";
import { deliverMailToBoards } from "../../board/mail/service.ts";

export interface InboundEnvelope {
  /** MAIL FROM address; empty for bounces (null sender). */
  mailFrom: string;
  rcptTo: string[];
}

export interface InboundClient {
  ip: string;
  /** EHLO/HELO name the client gave. */
  helo: string;
  /** Reverse DNS name of the client, when known. */
  hostname?: string;
  /** The session id smtp-server gave the connection: shown in Received: and in the 250 reply. */
  sessionId: string;
  /** Protocol and cipher when the session was upgraded with STARTTLS: Received: then says ESMTPS. */
  tls?: { version: string; cipher: string };
}

export interface InboundResult {
  /** One stored message per recipient company. */
  stored: FileResult[];
  /** Recipients looked up at DATA (not resolved at RCPT) whose mailbox was gone by then: not delivered. */
  skipped: string[];
}

export interface IngestOptions {
  /** Our host name (Received: by, Authentication-Results authserv-id). */
  hostname: string;
  resolver: DnsResolver;
  /** Where the message is parsed and checked (smtp/prepare-pool.ts's workers); in-process when absent. */
  prepare?: Preparer;
  /**
   * The recipients as RCPT resolved them in this transaction (normalised address → mailboxes), delivered to
   * without a second look-up; any address not in it is looked up now.
   */
  known?: Map<string, ResolvedRecipient>;
}

/** Stores and files the message; throws SmtpReply for a refusal (quota) or any failure (451, retry). */
export async function receiveMessage(
  deps: AppDeps,
  raw: Uint8Array,
  envelope: InboundEnvelope,
  client: InboundClient,
  opts: IngestOptions,
): Promise<InboundResult> {
  // Announced at once, so that a group about to commit waits (briefly) for this message to join it.
  const announced = expectDelivery(deps.db);
  try {
    return await receive(deps, raw, envelope, client, opts, announced);
  } finally {
    announced.done();
  }
}

async function receive(
  deps: AppDeps,
  raw: Uint8Array,
  envelope: InboundEnvelope,
  client: InboundClient,
  opts: IngestOptions,
  announced: Announced,
): Promise<InboundResult> {
  const receivedAt = deps.clock.now();
  const wanted = [...new Set(envelope.rcptTo.map(normalizeAddress))];
  // The authentication checks (DNS), the parsing and search lexemes (all off this thread when a worker pool
  // prepares them: smtp/prepare.ts) and the look-up of any mailbox RCPT did not resolve do not wait on each
  // other (the listener passes RCPT's answers: no query for them, and none on a loaded database in the 250's
  // path; their quota figures are those of RCPT, milliseconds before). Nor does the blob: it holds the bytes
  // as received (less any Return-Path or forwarding mark they brought), and the header fields we put in front
  // of them, which carry the verdicts, are kept in the message's row (headerPrefix, store/message-bytes.ts),
  // so the blob is written (and synced) from the start. A message refused below leaves an unreferenced blob,
  // which the collector removes.
  const body = withoutReturnPath(stripForwardMarkers(raw));
  const stash = deps.blobs.put(body);
  stash.catch(() => {}); // awaited below; a refusal or failure first must not leave it unobserved
  const input = { raw, ip: client.ip, helo: client.helo, sender: envelope.mailFrom, mta: opts.hostname };
  const preparation = opts.prepare ? opts.prepare(input) : prepareInbound(input, opts.resolver);
  const found = recipientsOf(deps, wanted, opts.known);
  // The recipients' settings for the sender the raw header names, asked for now rather than after the parse
  // (the query was the one step between the parse and the filing): used when the parsed sender is the same
  // (nearly always), asked for again otherwise. Every mailbox found is asked for; a few may not be delivered to.
  const guess = senderGuess(raw, envelope.mailFrom);
  const early = found.then((boxes) => loadInboundSettings(deps.sql, [...boxes.values()].flatMap((b) => b.boxes.map((x) => x.userId)), guess));
  early.catch(() => {}); // awaited below, or not needed; a refusal first must not leave it unobserved
  const [auth, boxes] = await Promise.all([preparation.auth, found]);
  // Each mailbox once, whether named directly or reached through one or more group addresses.
  const direct = new Map<number, LocalMailbox>();
  const viaGroup = new Map<number, LocalMailbox>();
  for (const a of wanted) {
    const found = boxes.get(a);
    for (const box of found?.boxes ?? []) (found!.group ? viaGroup : direct).set(box.userId, box);
  }
  for (const id of direct.keys()) viaGroup.delete(id);
  // Boards' addresses (board/mail): the message becomes a post there, besides any mailbox's copy.
  const boards = wanted.flatMap((a) => boxes.get(a)?.board ?? []);
  const skipped = wanted.filter((a) => !boxes.get(a)?.boxes.length && !boxes.get(a)?.board);

  const trace = receivedHeader(envelope, client, opts.hostname, wanted.length === 1 ? wanted[0] : null, receivedAt);
  const headerPrefix = returnPathField(envelope.mailFrom) + trace + auth.headers;
  const stored = withPrefix(headerPrefix, body);
  // The announced size was checked at RCPT; the real one (with our headers) is checked now. A full mailbox
  // named directly refuses the message (the sender learns of it); a group member's full mailbox is skipped.
  const full = [...direct.values()].find((r) => overQuota(r, stored.length));
  if (full) throw REPLIES.quotaExceeded(full.username);
  const recipients = [...direct.values(), ...[...viaGroup.values()].filter((r) => !overQuota(r, stored.length))];
  if (!recipients.length && !boards.length) throw REPLIES.noRecipients();

  // The parsing ends; with the settings (loaded meanwhile, or now when the guess was wrong) each recipient's
  // folder is decided (inbound/plan.ts) and resolved to an id while the blob is synced.
  const { parsed, vector } = await preparation.content;
  // Posts first (once per board and Message-ID, so a 451 and the sender's retry make none twice).
  if (boards.length) await deliverMailToBoards(deps, { boards, raw: body, parsed, envelopeFrom: envelope.mailFrom, verdicts: auth.verdicts });
  if (!recipients.length) return { stored: [], skipped };
  const message: InboundMessage = { parsed, envelopeFrom: envelope.mailFrom, verdicts: auth.verdicts, local: false, size: stored.length };
  const [settings, blob, spoofs] = await Promise.all([
    sameSender(guess, listedSender(message)) ? early : loadInboundSettings(deps.sql, recipients.map((r) => r.userId), listedSender(message)),
    stash,
    // From on a recipient company's own domain, unchecked (inbound/own-domain.ts): marked, or spam.
    ownDomainSpoofs(deps, { fromAddress: parsed.from.address, verdicts: auth.verdicts, local: false }, [...new Set(recipients.map((r) => r.companyId))]),
  ]);
  const planned = await Promise.all(recipients.map(async (box) => {
    const spoof = spoofs.get(box.companyId);
    const plan = planDelivery(settings.get(box.userId), spoof ? { ...message, ownDomainSpoof: spoof } : message);
    const folderId = typeof plan.folder === "number" ? plan.folder : (await folderIdsOf(deps, box))[plan.folder];
    return { box, folderId, plan };
  }));
  const byCompany = new Map<number, typeof planned>();
  for (const p of planned) byCompany.set(p.box.companyId, [...(byCompany.get(p.box.companyId) ?? []), p]);

  // The rows (search lexemes included) are computed here, outside any transaction; the message is then filed
  // with whatever other deliveries are ready, in one transaction (store/group-commit.ts), and this resolves
  // only once that transaction has committed.
  const authResults = auth.verdicts as unknown as Record<string, unknown>;
  const filings = [...byCompany].map(([companyId, group]) => {
    const targets = group.map((p) => ({
      userId: p.box.userId,
      folder: p.folderId,
      spamReason: p.plan.spamReason,
      category: p.plan.category,
      notify: { username: p.box.username },
      spamLog: spamLogEntry(message, p.plan),
      followUp: followUpFor(message, settings.get(p.box.userId)),
    }));
    const flagged = spoofs.has(companyId) ? { ...authResults, ownDomainUnverified: true } : authResults;
    return prepareFiling({ companyId, raw: stored, headerPrefix, parsed, receivedAt, targets, authResults: flagged }, parsed, blob.key, vector);
  });
  const results = await fileGrouped(deps.db, filings, announced);
  // After the commit, as fileMessage does: the events announce rows that exist; then forwarding and away
  // replies (inbound/after.ts), detached: they never undo the delivery and the 250 does not wait for them.
  const delivered = [];
  for (const [i, group] of [...byCompany.values()].entries()) {
    for (const [j, p] of group.entries()) {
      const filed = results[i].mails[j];
      void deps.realtime.publishNewMail(p.box.username, filed.folderId, filed.mailId);
      delivered.push({ box: p.box, settings: settings.get(p.box.userId), plan: p.plan, mailId: filed.mailId, messageId: results[i].messageId, raw: stored });
    }
  }
  startAfterDelivery(deps, message, delivered);
  startItipInbound(deps, message, delivered); // a calendar REPLY for one of the recipients' events (calendar/itip-mail)
  return { stored: results, skipped };
}

/** The mailboxes of each address: as RCPT resolved them (`known`), the rest looked up. */
async function recipientsOf(deps: AppDeps, wanted: string[], known?: Map<string, ResolvedRecipient>): Promise<Map<string, ResolvedRecipient>> {
  const out = new Map<string, ResolvedRecipient>();
  for (const a of wanted) {
    const found = known?.get(a);
    if (found) out.set(a, found);
  }
  const rest = wanted.filter((a) => !out.has(a));
  if (rest.length) for (const [a, found] of await lookupRecipients(deps, rest)) out.set(a, found);
  return out;
}

/**
 * System folder ids by user. They never change while the user exists (system folders are not deleted; a
 * deleted user is no longer a recipient), so each ingest process remembers them and saves a query per
 * recipient; bounded, oldest first out.
 */
const FOLDER_CACHE_MAX = 10_000;
const folderCaches = new WeakMap<AppDeps["db"], Map<number, SystemFolderIds>>(); // per database

async function folderIdsOf(deps: AppDeps, box: LocalMailbox): Promise<SystemFolderIds> {
  let cache = folderCaches.get(deps.db);
  if (!cache) folderCaches.set(deps.db, cache = new Map());
  const known = cache.get(box.userId);
  if (known) return known;
  const ids = await systemFolders(deps.db, box.companyId, box.userId);
  if (cache.size >= FOLDER_CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(box.userId, ids);
  return ids;
}

/**
 * RFC 5321 4.4 trace line: from <helo> (<rDNS> [<ip>]) [(using <TLS> with cipher <c>)] by <us> with ESMTP[S] id
 * <id> [for <rcpt>]; <date> (ESMTPS and the TLS comment, as Postfix writes them, RFC 3848).
 */
export function receivedHeader(
  envelope: InboundEnvelope,
  client: InboundClient,
  hostname: string,
  forRecipient: string | null,
  at: Date,
): string {
  const helo = safe(client.helo) || "unknown";
  const rdns = client.hostname && client.hostname !== `[${client.ip}]` ? `${safe(client.hostname)} ` : "";
  const envFrom = envelope.mailFrom ? ` (envelope-from <${safe(envelope.mailFrom)}>)` : "";
  const tls = client.tls ? `\r\n\t(using ${safe(client.tls.version)} with cipher ${safe(client.tls.cipher)})` : "";
  return `Received: from ${helo} (${rdns}[${client.ip}])${tls}\r\n\tby ${hostname} with ESMTP${client.tls ? "S" : ""} id ${safe(client.sessionId)}${envFrom}` +
    `${forRecipient ? `\r\n\tfor <${safe(forRecipient)}>` : ""};\r\n\t${rfc2822Date(at)}\r\n`;
}

/** Only printable ASCII without spaces reaches a header from the client's words. */
function safe(v: string): string {
  return v.replace(/[^\x21-\x7e]/g, "").slice(0, 255);
}

function rfc2822Date(d: Date): string {
  return d.toUTCString().replace("GMT", "+0000");
}
