// Folder names as the search shows them (the detail panel's folder choice, the result bar's "in ..."):
// system and virtual folders by their translated type, tags as #tag, the user's own folders by name.
import type { MailFolder } from "@shared/mail/folders.ts";
import { SEARCHABLE_FOLDER_TYPES, type Translate } from "./options.ts";

const TYPE_NAMES = new Set(["INBOX", "TOME", "SENT", "DRAFTS", "DELETED", "SPAM", "ALL", "IMPORTANT", "UNREAD", "ATTACH"]);

export function folderLabel(f: MailFolder, t: Translate): string {
  if (f.folderType === "TAG") return `#${f.tag ?? f.nameFolder}`;
  // The folder tree's names (mail:folders.type.*), with this part's own copy as the fallback.
  return TYPE_NAMES.has(f.folderType) ? t([`folders.type.${f.folderType}`, `search.folderType.${f.folderType}`]) : f.nameFolder;
}

export interface FolderOption {
  id: string;
  label: string;
  depth: number;
}

/** The folders a search can be limited to, in tree order, with their depth below the searchable ones. */
export function searchableFolders(tree: MailFolder[], t: Translate): FolderOption[] {
  const out: FolderOption[] = [];
  const walk = (nodes: MailFolder[], depth: number) => {
    for (const f of nodes) {
      const ok = SEARCHABLE_FOLDER_TYPES.has(f.folderType);
      if (ok) out.push({ id: String(f.id), label: folderLabel(f, t), depth });
      walk(f.children, ok ? depth + 1 : depth);
    }
  };
  walk(tree, 0);
  return out;
}
