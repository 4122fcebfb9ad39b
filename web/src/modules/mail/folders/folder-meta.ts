// What the folder tree needs to know about a folder beyond its row: its shown name (system and virtual
// folders by a translated name of their type), its icon, which count it shows, where clicking it goes, and
// which context-menu actions its type allows (000 §5 "Folders", §6 isOrgChartRestricted).
import type { MailFolder } from "@shared/mail/folders.ts";
import type { MailIconName } from "../icons.tsx";
import type { FolderRef, ListAction } from "../route-params.ts";

/** Folder types whose name the UI translates (the stored name is not shown). */
export const NAMED_TYPES = [
  "INBOX", "TOME", "SENT", "DRAFTS", "DELETED", "SPAM", "SMART", "ALL", "IMPORTANT", "UNREAD", "READ", "ATTACH", "PRIVATE_ROOT",
  "SEARCH_ROOT", "TAG_ROOT", "SHARED_ROOT", "SHARING_ROOT", "EXCHANGED", "INTERNAL", "CONTACT", "FLOW", "PROJECT_ROOT",
] as const;

/** A shared-tree node (children of SHARED_ROOT and SHARING_ROOT) carries its real folder and owner. */
export type TreeFolder = MailFolder & { folderId?: number; ownerId?: number; ownerName?: string; permission?: number };

export function folderName(f: MailFolder, t: (key: string) => string): string {
  if ((NAMED_TYPES as readonly string[]).includes(f.folderType)) return t(`folders.type.${f.folderType}`);
  if (f.folderType === "TAG") return f.tag ?? f.nameFolder;
  return f.nameFolder;
}

const ICONS: Partial<Record<string, MailIconName>> = {
  INBOX: "inbox", TOME: "user", SENT: "send", DRAFTS: "draft", DELETED: "trash", SPAM: "spam", ALL: "read",
  IMPORTANT: "star", UNREAD: "unread", READ: "read", ATTACH: "attach", FLOW: "task", SEARCH_ROOT: "search", SEARCH: "search",
  TAG_ROOT: "tag", TAG: "tag", SHARED_ROOT: "users", SHARING_ROOT: "share", SHARE: "share", PRIVATE_ROOT: "folder",
};

export function folderIcon(f: MailFolder): MailIconName {
  return ICONS[f.folderType] ?? "folder";
}

/** Roots only group folders; clicking them opens or closes them. */
export const ROOT_TYPES = ["PRIVATE_ROOT", "SEARCH_ROOT", "TAG_ROOT", "SHARED_ROOT", "SHARING_ROOT", "PROJECT_ROOT"];
export const isRoot = (f: MailFolder) => ROOT_TYPES.includes(f.folderType);

/** The count beside a folder: unread mails; the drafts folder shows how many drafts it holds. */
export function folderCount(f: MailFolder): number {
  if (f.folderType === "DRAFTS") return f.totalCount;
  if (isRoot(f) || f.folderType === "SEARCH") return 0;
  return Math.max(0, f.newCount);
}

/** Where a click on the folder goes: its list (a folder shared with the user lists through its owner). */
export function folderTarget(f: TreeFolder): { folderId: FolderRef; action: ListAction } | null {
  if (isRoot(f)) return null;
  if (f.folderType === "SHARE") {
    if (f.parentId === -9 && f.ownerId) return { folderId: Number(f.id), action: { ownerId: f.ownerId } };
    if (f.folderId) return { folderId: f.folderId, action: {} };
    return null;
  }
  if (typeof f.id === "string") return f.id.startsWith("t_") ? { folderId: f.id as `t_${string}`, action: {} } : null;
  return { folderId: f.id, action: {} };
}

/** Tree key of a folder; tree keys are strings so numeric and tag ids share one space. */
export const keyOf = (f: MailFolder) => String(f.id);

/** Whether this tree row is the folder the route shows. */
export function isCurrentFolder(f: TreeFolder, current: FolderRef | undefined, ownerId?: number): boolean {
  if (current === undefined) return false;
  const target = folderTarget(f);
  if (!target) return false;
  const cur = current === "all" ? -1 : current;
  if (f.folderType === "SHARE" && f.parentId === -15) return false; // the own folder row is the current one
  if (target.action.ownerId && target.action.ownerId !== ownerId) return false;
  if (!target.action.ownerId && ownerId) return false;
  return String(target.folderId) === String(cur);
}

/** Whether `id` is `ancestor` itself or lies below it. */
export function isSelfOrDescendant(tree: MailFolder[], ancestor: string, id: string): boolean {
  const find = (list: MailFolder[]): MailFolder | undefined => {
    for (const f of list) {
      if (keyOf(f) === ancestor) return f;
      const hit = find(f.children);
      if (hit) return hit;
    }
  };
  const root = find(tree);
  if (!root) return false;
  const walk = (f: MailFolder): boolean => keyOf(f) === id || f.children.some(walk);
  return walk(root);
}

export type FolderAction =
  | "create" | "rename" | "move" | "delete" | "color" | "readAll" | "empty" | "share" | "sync" | "tagAdd" | "tagEdit" | "tagDelete"
  | "searchEdit";

/**
 * Why the server would refuse to delete the folder (000 §5 "Folders": mail.10 sub-folders, mail.11 mails inside),
 * known from the tree's counts, so the menu says so before anyone is asked to confirm; null when it may go.
 */
export function deleteBlocker(f: MailFolder): "children" | "mails" | null {
  if (f.childCount > 0 || (f.children?.length ?? 0) > 0) return "children";
  // A saved search holds no mails of its own; a private folder must be empty.
  if (f.folderType === "PRIVATE" && f.totalCount > 0) return "mails";
  return null;
}

/** The context-menu actions of a folder, in menu order. */
export function folderActions(f: MailFolder): FolderAction[] {
  const out: FolderAction[] = [];
  switch (f.folderType) {
    case "PRIVATE_ROOT":
      out.push("create", "sync");
      break;
    case "PRIVATE":
      out.push("create", "rename", "move", "color", "readAll", "delete");
      break;
    case "SEARCH":
      out.push("searchEdit", "color", "delete");
      break;
    case "TAG_ROOT":
      out.push("tagAdd");
      break;
    case "TAG":
      out.push("tagEdit", "tagDelete", "readAll");
      break;
    case "DELETED":
    case "SPAM":
      out.push("readAll", "empty", "color");
      break;
    case "INBOX":
    case "TOME":
    case "SENT":
    case "DRAFTS":
      out.push("readAll", "color");
      break;
    case "ALL":
    case "UNREAD":
    case "IMPORTANT":
    case "ATTACH":
      out.push("readAll");
      break;
  }
  if (f.shareable && (f.folderType === "PRIVATE" || f.folderType === "SENT")) out.push("share");
  // Recounting is one call for the whole tree; it is offered wherever counts are shown.
  if (!["TAG_ROOT", "TAG", "SEARCH", "SEARCH_ROOT"].includes(f.folderType) && !out.includes("sync")) out.push("sync");
  return out;
}
