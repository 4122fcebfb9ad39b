// Where each folder of the source server goes in the suite. System folders first by the server's SPECIAL-USE
// flags (RFC 6154), then by their usual names: imapflow's LIST already does both (one mailbox per role, flags
// before names, its tables of localised names such as "Sent Items", "Deleted Messages", "보낸 편지함"); the
// names it misses (Korean ones written without the space, as Korean webmails do) are matched here for a role
// still free. INBOX → INBOX, \Sent → SENT, \Drafts → DRAFTS, \Trash → DELETED, \Junk → SPAM. Every other
// folder becomes a private folder of the same name at the same place in the hierarchy ("Projects/2024" under
// "Projects"), a source's INBOX children (Courier and Cyrus keep every folder under INBOX) at the top level.
// Names are made valid for the suite (no "/" or "\", 1-50 characters), and a hierarchy deeper than the
// suite's FOLDER_DEPTH_MAX has its deepest levels joined into one name. A folder that cannot hold messages
// (\Noselect, \NonExistent) gets no folder of its own unless another one sits below it, and a server's
// virtual folders (\All, \Flagged by the SPECIAL-USE flag: copies of mail in other folders) are skipped.
import type { ListResponse } from "imapflow";
import { FOLDER_DEPTH_MAX, FOLDER_NAME_MAX } from "../../../../shared/mail/folders.ts";

/** The suite's system folders a source folder can be copied into. */
export type ImportedSystem = "INBOX" | "SENT" | "DRAFTS" | "DELETED" | "SPAM";

export type FolderTarget = { system: ImportedSystem } | { private: string[] };

export interface PlannedFolder {
  /** The source's name, as LIST gave it (decoded), to open it with. */
  path: string;
  /** The name shown in progress lines: the levels joined with "/". */
  display: string;
  target: FolderTarget;
}

export interface FolderPlan {
  folders: PlannedFolder[];
  skipped: { path: string; reason: string }[];
}

const ROLE_OF_FLAG: Record<string, ImportedSystem> = {
  "\\Inbox": "INBOX",
  "\\Sent": "SENT",
  "\\Drafts": "DRAFTS",
  "\\Trash": "DELETED",
  "\\Junk": "SPAM",
};

/** Names imapflow does not know, compared without spaces and case. */
const MORE_NAMES: Record<Exclude<ImportedSystem, "INBOX">, string[]> = {
  SENT: ["sent", "sentitems", "sentmessages", "sentmail", "보낸편지함", "보낸메일함", "보낸메일"],
  DRAFTS: ["drafts", "draft", "임시보관함", "임시편지함", "임시저장함"],
  DELETED: ["trash", "deleteditems", "deletedmessages", "휴지통", "지운편지함", "지운메일함", "삭제된편지함"],
  SPAM: ["junk", "spam", "junkemail", "junke-mail", "bulkmail", "스팸", "스팸편지함", "스팸메일함", "스팸함", "정크메일", "정크메일함"],
};

const squeeze = (name: string) => name.normalize("NFKC").toLowerCase().replace(/\s+/g, "");

/** One level's name as the suite accepts it: no "/", "\" or control characters, trimmed, 1-50 characters. */
export function folderPart(name: string): string {
  let out = name.normalize("NFC").replace(/[\\/\p{Cc}]/gu, "_").trim();
  if ([...out].length > FOLDER_NAME_MAX) out = [...out].slice(0, FOLDER_NAME_MAX).join("").trim();
  return out || "_";
}

/** The levels of a private folder for the source's levels; INBOX's children go to the top level. */
export function privatePath(levels: string[]): string[] {
  const parts = levels.length > 1 && levels[0].toUpperCase() === "INBOX" ? levels.slice(1) : levels;
  if (parts.length <= FOLDER_DEPTH_MAX) return parts.map(folderPart);
  return [...parts.slice(0, FOLDER_DEPTH_MAX - 1), parts.slice(FOLDER_DEPTH_MAX - 1).join(" - ")].map(folderPart);
}

const levelsOf = (e: ListResponse) => [...e.parent, e.name];
const unselectable = (e: ListResponse) => e.flags.has("\\Noselect") || e.flags.has("\\NonExistent");
/** At the top level or right below INBOX. */
const shallow = (e: ListResponse) => e.parent.length === 0 || (e.parent.length === 1 && e.parent[0].toUpperCase() === "INBOX");

/** The plan for a server's LIST answer: INBOX first, then the other system folders, then the rest by name. */
export function planFolders(list: ListResponse[]): FolderPlan {
  const skipped: FolderPlan["skipped"] = [];
  const role = new Map<ListResponse, ImportedSystem>();
  const taken = new Set<ImportedSystem>();
  for (const e of list) {
    const inbox = e.path.toUpperCase() === "INBOX";
    const r = inbox ? "INBOX" : e.specialUse ? ROLE_OF_FLAG[e.specialUse] : undefined;
    // imapflow matches names at any depth; a name alone counts only near the top ("Projects/Sent" stays private).
    const trusted = inbox || (e.specialUseSource !== "name" || shallow(e)) && !unselectable(e);
    if (r && trusted && !taken.has(r)) {
      role.set(e, r);
      taken.add(r);
    }
  }
  // Names imapflow did not match, for roles still free: shallow folders first (INBOX.Sent before INBOX.a.Sent).
  const byDepth = [...list].sort((a, b) => a.parent.length - b.parent.length || a.path.localeCompare(b.path));
  for (const e of byDepth) {
    if (role.has(e) || unselectable(e) || !shallow(e)) continue;
    const name = squeeze(e.name);
    for (const [r, names] of Object.entries(MORE_NAMES) as [ImportedSystem, string[]][]) {
      if (!taken.has(r) && names.includes(name)) {
        role.set(e, r);
        taken.add(r);
        break;
      }
    }
  }

  const system: PlannedFolder[] = [];
  const others: PlannedFolder[] = [];
  for (const e of list) {
    const display = levelsOf(e).join("/");
    const r = role.get(e);
    if (r) {
      system.push({ path: e.path, display, target: { system: r } });
      continue;
    }
    if (e.specialUse && (e.specialUse === "\\All" || e.specialUse === "\\Flagged") && e.specialUseSource === "extension") {
      skipped.push({ path: display, reason: `virtual folder (${e.specialUse}): its mail is in the other folders` });
      continue;
    }
    const hasChildren = list.some((c) => c !== e && c.parent.length > e.parent.length &&
      levelsOf(e).every((part, i) => c.parent[i] === part));
    if (unselectable(e) && !hasChildren) {
      skipped.push({ path: display, reason: "cannot hold messages" });
      continue;
    }
    // An unselectable folder with sub-folders is only their parent: made when they are, holding no mail.
    if (!unselectable(e)) others.push({ path: e.path, display, target: { private: privatePath(levelsOf(e)) } });
  }
  const order: ImportedSystem[] = ["INBOX", "SENT", "DRAFTS", "DELETED", "SPAM"];
  system.sort((a, b) => order.indexOf((a.target as { system: ImportedSystem }).system) - order.indexOf((b.target as { system: ImportedSystem }).system));
  others.sort((a, b) => a.display.localeCompare(b.display));
  return { folders: [...system, ...others], skipped };
}
