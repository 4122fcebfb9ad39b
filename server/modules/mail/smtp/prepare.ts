// What the inbound ingest computes from a message's bytes alone, before any database work: the SPF/DKIM/DMARC
// verdicts (mailauth), the parsed message (postal-mime, sanitize-html) and the search lexemes of the mailbox
// copies. It is most of the CPU a message costs, so the listener runs it in a worker thread (prepare-pool.ts)
// and keeps its own event loop for SMTP and the database; in-process when there is none (tests that call
// receiveMessage directly, SMTP_PREPARE_WORKERS=0). Same result either way.
// The verdicts come first, on their own: the bytes the blob store keeps carry them (Authentication-Results),
// so the listener writes (and syncs) the blob while the message is still being parsed.
import { parseMessage, type ParsedMessage } from "../store/parse.ts";
import { messageSearchVector } from "../store/message-vector.ts";
import { type AuthCheck, checkAuthentication, type DnsResolver } from "./auth.ts";

export interface PrepareInput {
  raw: Uint8Array;
  /** Address and EHLO name of the connecting server, MAIL FROM, our host name (see auth.ts AuthInput). */
  ip: string;
  helo: string;
  sender: string;
  mta: string;
}

export interface PreparedContent {
  parsed: ParsedMessage;
  /** The search lexemes of a recipient's copy (no Bcc on inbound mail). */
  vector: string;
}

/** The two results of a preparation; neither rejects unobserved (see handled()). */
export interface Preparation {
  auth: Promise<AuthCheck>;
  content: Promise<PreparedContent>;
}

/** Where a message is prepared: a worker pool's prepare(), or prepareInbound() in-process. */
export type Preparer = (input: PrepareInput) => Preparation;

/** Prepares a message on the calling thread. */
export function prepareInbound(input: PrepareInput, resolver: DnsResolver): Preparation {
  return handled({
    auth: checkAuthentication({ ...input, resolver }),
    content: prepareContent(input.raw),
  });
}

/** The parsed message and its lexemes. */
export async function prepareContent(raw: Uint8Array): Promise<PreparedContent> {
  const parsed = await parseMessage(raw);
  return { parsed, vector: messageSearchVector(parsed) };
}

/**
 * The content of a message whose preparation ran out of time although its verdicts came (prepare-pool.ts):
 * the top headers and the body as text, no HTML, no parts (the stored original keeps them all), so the
 * message is kept and readable instead of answered 451 at every try until its sender gives up.
 */
export async function prepareContentAsText(raw: Uint8Array): Promise<PreparedContent> {
  const parsed = await parseMessage(raw, { asText: true });
  return { parsed, vector: messageSearchVector(parsed) };
}

/**
 * Marks both promises as observed: a caller that stops at a failed `auth` (and so never awaits `content`)
 * must not leave an unhandled rejection behind, which would end the process.
 */
export function handled(p: Preparation): Preparation {
  p.auth.catch(() => {});
  p.content.catch(() => {});
  return p;
}
