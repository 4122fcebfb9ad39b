// Signatures (shared/mail/signatures.ts): at most MAX_SIGNATURES per user, contents sanitised before they are
// stored, at most one default for new mail and one for replies/forwards (one transaction sets and clears).
import sanitizeHtml from "sanitize-html";
import {
  MAX_SIGNATURES,
  type Signature,
  type SignatureBody,
  type SignatureList,
  type SignatureUse,
} from "../../../../shared/mail/signatures.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { sanitizeMailHtml } from "../store/html.ts";
import * as repo from "./repo.ts";

const owner = (caller: Caller): repo.Owner => ({ userId: caller.auth.userId, companyId: caller.auth.companyId });

/**
 * The mail sanitiser (store/html.ts) first; then what only fits a whole document (html, head, body, style
 * blocks, meta) goes too, as a signature is a piece of a mail body.
 */
export function sanitizeSignature(html: string): string {
  const safe = sanitizeMailHtml(html);
  const piece = sanitizeHtml(safe, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    exclusiveFilter: (frame) => ["head", "style", "title", "meta"].includes(frame.tag),
  });
  // The output of sanitize-html is normalised markup: the document's own tags can be cut out as text.
  return piece.replace(/<\/?(?:html|body)\b[^>]*>/gi, "").trim();
}

export async function listOf(caller: Caller): Promise<SignatureList> {
  return { signatures: await repo.listSignatures(caller.deps.db, owner(caller)) };
}

export async function addSignature(caller: Caller, input: SignatureBody): Promise<Signature> {
  const o = owner(caller);
  const values = { ...input, contents: sanitizeSignature(input.contents) };
  return await caller.deps.db.transaction(async (tx) => {
    await repo.lockOwner(tx, o);
    if (await repo.countSignatures(tx, o) >= MAX_SIGNATURES) throw new AppError(409, "mail.382", { max: MAX_SIGNATURES });
    return await repo.insertSignature(tx, o, values, caller.deps.clock.now());
  });
}

export async function changeSignature(caller: Caller, id: number, input: SignatureBody): Promise<Signature> {
  const values = { ...input, contents: sanitizeSignature(input.contents) };
  const row = await repo.updateSignature(caller.deps.db, owner(caller), id, values);
  if (!row) throw notFound();
  return row;
}

/** Turns a default on (clearing it elsewhere) or off; without a value it toggles. Answers the whole list. */
export async function setDefault(caller: Caller, id: number, use: SignatureUse, value: boolean | undefined): Promise<SignatureList> {
  const o = owner(caller);
  await caller.deps.db.transaction(async (tx) => {
    await repo.lockOwner(tx, o);
    const current = await repo.findSignature(tx, o, id);
    if (!current) throw notFound();
    await repo.setUse(tx, o, id, use, value ?? !current[use]);
  });
  return await listOf(caller);
}

export async function removeSignature(caller: Caller, id: number): Promise<void> {
  if (!await repo.deleteSignature(caller.deps.db, owner(caller), id)) throw notFound();
}
