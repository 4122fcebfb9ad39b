// What the compose screen holds (the Compose draft of 000 §3 with recipient chips and upload files), how it is
// turned into the send/draft body, and how it is kept in sessionStorage under its route so an unsaved mail
// survives a reload or a failed request (000 §4 "Unsaved mail drafts are kept when a request fails").
import type { ComposeDraft, ComposeType, RecipientEntry, UploadedFile, UploadType } from "@shared/mail/compose.ts";
import { extractAddress, isValidEmail } from "@shared/users.ts";
import { DEFAULT_PRIORITY } from "@shared/mail/constants.ts";

export type RecipientKind = "to" | "cc" | "bcc";
export const RECIPIENT_KINDS: RecipientKind[] = ["to", "cc", "bcc"];

export interface Recipient {
  key: string;
  /** As written: "Name <address>" or the bare address. */
  value: string;
  valid: boolean;
  /** Chosen as a person from the directory (known to exist: no server check needed). */
  person?: boolean;
  /** An organisation or group address. */
  group?: boolean;
  /** Flagged by the server check (send check 2): reaches nobody. */
  unreachable?: boolean;
}

/** Upload file (000 §3): status 0 pending, 1 uploading, 2 done. */
export interface Attachment {
  key: string;
  id: string | null;
  name: string;
  size: number;
  status: 0 | 1 | 2;
  loaded: number;
  uploadType: UploadType;
  /** The file still to upload (not kept across reloads). */
  file?: File;
  error?: string;
}

/** The Compose draft as the screen edits it: recipients as chips, the quote apart, files with their upload state. */
export interface ComposeState extends Omit<ComposeDraft, "to" | "cc" | "bcc" | "eachSend" | "attachments" | "attachmentFiles"> {
  to: Recipient[];
  cc: Recipient[];
  bcc: Recipient[];
  /** The body the user writes (editor HTML). */
  content: string;
  /** The quoted original of a reply or forward, kept verbatim below the editor. */
  quote: string;
  eachSend: boolean;
  securePw: string;
  securePwHint: string;
  /** The password of the large-file links, when the company asks for one (never kept). */
  largeFilePw: string;
  attachments: Attachment[];
}

let seq = 0;
export const newKey = () => `k${Date.now().toString(36)}${(seq++).toString(36)}`;

export function recipient(value: string, extra: Partial<Recipient> = {}): Recipient {
  const v = value.trim();
  return { key: newKey(), value: v, valid: isValidEmail(v), ...extra };
}

const fromEntry = (e: RecipientEntry): Recipient => ({ key: newKey(), value: e.value, valid: isValidEmail(e.value) });

export function attachmentOf(f: UploadedFile): Attachment {
  return { key: newKey(), id: f.id, name: f.name, size: f.size, status: 2, loaded: f.size, uploadType: f.uploadType };
}

/** The marker the server puts before a quoted original (prefill.ts quote()). */
const QUOTE_MARK = '<div class="mail-quote">';

export function splitQuote(html: string): { content: string; quote: string } {
  const at = html.indexOf(QUOTE_MARK);
  return at < 0 ? { content: html, quote: "" } : { content: html.slice(0, at), quote: html.slice(at) };
}

export function fromDraft(d: ComposeDraft): ComposeState {
  return {
    ...splitQuote(d.content),
    draftId: d.draftId, mailId: d.mailId, mailIds: d.mailIds, composeType: d.composeType,
    senderName: d.senderName, senderEmail: d.senderEmail, senderType: d.senderType, senderId: d.senderId,
    to: d.to.map(fromEntry), cc: d.cc.map(fromEntry), bcc: d.bcc.map(fromEntry),
    subject: d.subject, subjectFirst: d.subjectFirst,
    eachSend: d.eachSend === 1, priority: d.priority || DEFAULT_PRIORITY,
    // A reservation is cleared when the sender is EXTERNAL (000 §4).
    isReserve: d.senderType === "EXTERNAL" ? false : d.isReserve,
    reserveDate: d.senderType === "EXTERNAL" ? null : d.reserveDate,
    isSecure: d.isSecure, securePw: "", securePwHint: "", largeFilePw: "",
    attachments: d.attachmentFiles.map(attachmentOf),
  };
}

/**
 * A blank mail started without the server (its compose answer failed): the signed-in user as the sender
 * (the server fills in the sender's details on send), to themself when writing to me.
 */
export function blankState(composeType: ComposeType, user?: { displayName: string; username: string }, to: string[] = []): ComposeState {
  const me = user?.username ?? "";
  return {
    draftId: null, mailId: null, mailIds: [], composeType, senderName: user?.displayName ?? "", senderEmail: me,
    senderType: "DOMAIN", senderId: null,
    to: (composeType === "TOME" && me ? [me] : to).map((v) => recipient(v)), cc: [], bcc: [],
    subject: "", subjectFirst: "", content: "", quote: "", eachSend: false, priority: DEFAULT_PRIORITY,
    isReserve: false, reserveDate: null, isSecure: false, securePw: "", securePwHint: "", largeFilePw: "", attachments: [],
  };
}

/** Reset (000 §4): everything cleared, priority back to 3; the sender stays. */
export function cleared(s: ComposeState): ComposeState {
  return {
    ...s, draftId: null, mailId: null, mailIds: [], composeType: "DEFAULT", to: [], cc: [], bcc: [], subject: "",
    subjectFirst: "", content: "", quote: "", eachSend: false, priority: DEFAULT_PRIORITY, isReserve: false, reserveDate: null,
    isSecure: false, securePw: "", securePwHint: "", largeFilePw: "", attachments: [],
  };
}

export const hasLargeFiles = (s: Pick<ComposeState, "attachments">) => s.attachments.some((a) => a.uploadType === "large");

/** The body of POST api/mails/v2/send and POST/PUT api/mails/v2/draft. */
export function bodyOf(s: ComposeState, extra: { includeMe?: number; subject?: string; fontSizePt: number }) {
  return {
    draftId: s.draftId ?? undefined,
    mailId: s.mailId ?? undefined,
    mailIds: s.mailIds.length ? s.mailIds : undefined,
    composeType: s.composeType,
    senderName: s.senderName || undefined,
    senderEmail: s.senderEmail || undefined,
    senderType: s.senderType,
    senderId: s.senderId ?? undefined,
    to: s.to.map((r) => r.value),
    cc: s.cc.map((r) => r.value),
    bcc: s.bcc.map((r) => r.value),
    subject: extra.subject ?? s.subject,
    subjectFirst: s.subjectFirst || undefined,
    // The default font size travels with the body (000 §9 "Default font 14 pt").
    content: (s.content ? `<div style="font-size: ${extra.fontSizePt}pt">${s.content}</div>` : "") + s.quote,
    eachSend: s.eachSend,
    priority: s.priority,
    isReserve: s.isReserve,
    reserveDate: s.isReserve && s.reserveDate ? s.reserveDate : undefined,
    isSecure: s.isSecure,
    securePw: s.isSecure ? s.securePw : undefined,
    securePwHint: s.isSecure ? s.securePwHint || undefined : undefined,
    largeFilePw: hasLargeFiles(s) && s.largeFilePw ? s.largeFilePw : undefined,
    attachments: s.attachments.filter((a) => a.status === 2 && a.id).map((a) => a.id!),
    includeMe: extra.includeMe || undefined,
  };
}

/** The address part of a recipient, for comparisons. */
export const addressOf = (r: Recipient) => extractAddress(r.value).toLowerCase();

// ---- kept in sessionStorage ----------------------------------------------------------------------------

const PREFIX = "gw.compose:";

/** The storage key of a compose route (the hash without its leading '#'). */
export const storageKey = (route: string) => PREFIX + route.replace(/^#/, "");

export function keepState(route: string, s: ComposeState) {
  // Files not yet uploaded cannot be stored: they are dropped, uploaded ones are kept. The secure-mail and
  // large-file passwords are never written down: they are asked again after a restore.
  const data = { ...s, securePw: "", largeFilePw: "", attachments: s.attachments.filter((a) => a.status === 2).map(({ file: _f, ...a }) => a) };
  try {
    sessionStorage.setItem(storageKey(route), JSON.stringify(data));
  } catch {
    // Storage full or unavailable: the mail stays in memory.
  }
}

export function keptState(route: string): ComposeState | null {
  try {
    const raw = sessionStorage.getItem(storageKey(route));
    if (!raw) return null;
    const s = JSON.parse(raw) as ComposeState;
    return Array.isArray(s.to) && Array.isArray(s.attachments) ? { ...s, largeFilePw: "" } : null;
  } catch {
    return null;
  }
}

export function dropState(route: string) {
  sessionStorage.removeItem(storageKey(route));
}
