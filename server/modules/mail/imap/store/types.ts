// The contract between the IMAP protocol layer (imap/protocol/: parser, sessions, commands) and the mail
// store behind it (imap/store/: folders as mailboxes, UIDs, flags, copy/move/append/expunge, search) and the
// message renderer (imap/message/: MIME tree, BODYSTRUCTURE, ENVELOPE, BODY[section]). The protocol layer
// only calls what is declared here; the store never writes protocol text.
//
// Mailboxes are the user's real folders: INBOX, the other system folders with SPECIAL-USE attributes (Sent,
// Drafts, Trash, Junk) and the private folders as a tree, delimiter "/", names in IMAP modified UTF-7 on the
// wire (the store takes and gives decoded Unicode names; the protocol layer encodes). Virtual folders (all,
// unread, starred ...), saved searches and tags are not mailboxes.
//
// UIDs and MODSEQs are handed out lazily (store/uids.ts) under the folder row's lock; every read of a
// mailbox's state first hands out the pending ones, so a snapshot is always complete and consistent.
import type { AppDeps } from "../../../../lib/context.ts";
import type { ClientUser } from "../../clients/auth.ts";

export type { ClientUser };

/** Special-use attribute (RFC 6154) of a system folder. */
export type SpecialUse = "\\Sent" | "\\Drafts" | "\\Trash" | "\\Junk";

export interface MailboxInfo {
  folderId: number;
  /** Full hierarchical name, "/"-separated, decoded (e.g. "Projects/서울"); "INBOX" for the inbox. */
  name: string;
  specialUse: SpecialUse | null;
  subscribed: boolean;
  hasChildren: boolean;
  /** System folders cannot be renamed or deleted. */
  system: boolean;
}

/** One message as a session knows it: its UID, its flags, its MODSEQ. */
export interface MessageMeta {
  uid: number;
  /** mails.id */
  mailId: number;
  modseq: number;
  /** IMAP flags: \Seen (read), \Flagged (important), \Draft (drafts folder or set), \Answered, \Deleted, keywords. */
  flags: string[];
}

/** A mailbox's state: at most the user's imapMessageMaxLimit newest messages, ascending by UID. */
export interface MailboxSnapshot {
  folderId: number;
  /** The folder id (ids are never reused, so a deleted and re-created name gets a new UIDVALIDITY). */
  uidValidity: number;
  uidNext: number;
  highestModseq: number;
  messages: MessageMeta[];
  /** Unseen messages among `messages`. */
  unseen: number;
}

/** Cheap change check for IDLE/NOOP: changes whenever anything in the folder changed. */
export type MailboxFingerprint = string;

/** What FETCH needs of one message beyond MessageMeta. */
export interface MessageData extends MessageMeta {
  /** RFC822.SIZE: size of the raw message. */
  size: number;
  /** INTERNALDATE: when the mail was received. */
  internalDate: Date;
  /** The raw message (only when asked for: loadRaw). */
  raw?: Uint8Array;
}

export type StoreOperation = "set" | "add" | "remove";

export interface StoreResult {
  /** The messages whose flags or MODSEQ changed, with their new state. */
  changed: MessageMeta[];
  /** CONDSTORE UNCHANGEDSINCE: UIDs left alone because their MODSEQ was higher. */
  modified: number[];
}

/** COPYUID / APPENDUID data (UIDPLUS). */
export interface CopyResult {
  uidValidity: number;
  /** [source UID, new UID in the target], source order. */
  pairs: [number, number][];
}

/** SEARCH keys after parsing (RFC 3501 §6.4.4, plus MODSEQ of RFC 7162). Sequence sets are already UID lists. */
export type SearchKey =
  | { type: "all" }
  | { type: "uids"; uids: number[] } // a sequence set or UID set, resolved by the session
  | { type: "flag"; flag: string; set: boolean } // SEEN/UNSEEN, FLAGGED, ANSWERED, DELETED, DRAFT, KEYWORD/UNKEYWORD
  | { type: "new" } | { type: "old" } | { type: "recent" }
  | { type: "header"; field: string; value: string } // also FROM, TO, CC, BCC, SUBJECT (field = that name)
  | { type: "body"; value: string }
  | { type: "text"; value: string }
  | { type: "date"; which: "internal" | "sent"; op: "before" | "on" | "since"; date: string } // date YYYY-MM-DD
  | { type: "size"; op: "larger" | "smaller"; size: number }
  | { type: "modseq"; modseq: number }
  | { type: "not"; key: SearchKey }
  | { type: "or"; left: SearchKey; right: SearchKey }
  | { type: "and"; keys: SearchKey[] };

/** Refusals the protocol layer turns into NO with a response code (RFC 5530). */
export class ImapStoreError extends Error {
  constructor(
    readonly code: "NONEXISTENT" | "ALREADYEXISTS" | "CANNOT" | "OVERQUOTA" | "LIMIT" | "TOOBIG" | "EXPUNGEISSUED",
    message: string,
  ) {
    super(message);
  }
}

/** The store the protocol layer works on; every call is for one signed-in user. */
export interface ImapStore {
  listMailboxes(user: ClientUser): Promise<MailboxInfo[]>;
  /** Case-insensitive for INBOX only; null when there is none. */
  findMailbox(user: ClientUser, name: string): Promise<MailboxInfo | null>;
  /** Creates the folder and any missing parents (private folders), none of them subscribed. */
  createMailbox(user: ClientUser, name: string): Promise<MailboxInfo>;
  /** Only private folders; a folder with children cannot go (CANNOT); its mails go to Trash first (the web refuses a folder with mail). */
  deleteMailbox(user: ClientUser, folderId: number): Promise<void>;
  renameMailbox(user: ClientUser, folderId: number, newName: string): Promise<MailboxInfo>;
  setSubscribed(user: ClientUser, folderId: number, subscribed: boolean): Promise<void>;

  /** Hands out pending UIDs/MODSEQs, then reads the state (at most `limit` newest messages). */
  snapshot(user: ClientUser, folderId: number, limit: number): Promise<MailboxSnapshot>;
  fingerprint(user: ClientUser, folderId: number): Promise<MailboxFingerprint>;
  /** STATUS without selecting: MESSAGES, RECENT (looked at, not claimed), UIDNEXT, UIDVALIDITY, UNSEEN, HIGHESTMODSEQ, SIZE. */
  status(user: ClientUser, folderId: number, limit: number): Promise<
    { messages: number; recent: number; uidNext: number; uidValidity: number; unseen: number; highestModseq: number; size: number }
  >;
  /**
   * \Recent (store/recent.ts): the UIDs among `uids` (of a snapshot just taken) no session was told of yet;
   * with `claim` (SELECT, and new mail a selected session learns of) they are the caller's alone from now,
   * on every server instance (the mark is the folder's, in the database).
   */
  recent(folderId: number, uids: number[], claim: boolean): Promise<number[]>;

  /** The messages with these UIDs (those that exist), ascending; raw bytes only when loadRaw. */
  load(user: ClientUser, folderId: number, uids: number[], loadRaw: boolean): Promise<MessageData[]>;
  /** \Seen is set by a FETCH of BODY[...] (not PEEK): markSeen. */
  markSeen(user: ClientUser, folderId: number, uids: number[]): Promise<MessageMeta[]>;
  store(
    user: ClientUser,
    folderId: number,
    uids: number[],
    op: StoreOperation,
    flags: string[],
    unchangedSince?: number,
  ): Promise<StoreResult>;
  /**
   * Copies the messages still there (those another session expunged meanwhile are left out: the COPYUID
   * pairs say which were copied); EXPUNGEISSUED when none of them is left (RFC 2180 §4.4.1).
   */
  copy(user: ClientUser, folderId: number, uids: number[], targetFolderId: number): Promise<CopyResult>;
  move(user: ClientUser, folderId: number, uids: number[], targetFolderId: number): Promise<CopyResult>;
  /**
   * QRESYNC: the UIDs that left the folder with a MODSEQ above `since`, ascending (call after a snapshot);
   * null when removals that old are no longer known (store/vanished.ts).
   */
  vanished(user: ClientUser, folderId: number, since: number): Promise<number[] | null>;
  /** Removes the \Deleted messages (only those among `uids` when given); answers the removed UIDs. */
  expunge(user: ClientUser, folderId: number, uids?: number[]): Promise<number[]>;
  /** A client's APPEND: the message is parsed and filed like any other (Sent copies, drafts, imports). */
  append(user: ClientUser, folderId: number, raw: Uint8Array, flags: string[], internalDate?: Date): Promise<CopyResult>;
  /** UIDs among `within` matching the key, ascending. */
  search(user: ClientUser, folderId: number, key: SearchKey, within: number[]): Promise<number[]>;
}

export type ImapStoreFactory = (deps: AppDeps) => ImapStore;
