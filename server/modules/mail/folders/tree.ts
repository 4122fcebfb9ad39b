// The folder tree as the UI shows it, built in memory from the user's folder rows (a few hundred at most)
// and the tag counts: every count is a trigger-kept counter (the folder rows also carry their starred and
// with-attachments counters), so building it never reads the mails; the flow folder's counts (where the
// company uses flow) come counted from the user's task links (repo.flowCount).
import type { FolderType } from "../../../../shared/mail/constants.ts";
import { SYSTEM_FOLDER_TYPES, VIRTUAL_FOLDER_IDS } from "../../../../shared/mail/constants.ts";
import {
  type FolderShareInfo, type MailFolder, type MailSearchOptions, SHAREABLE_FOLDER_TYPES, TAG_ROOT_ID, tagFolderId,
  TOP_LEVEL_ORDER, VIRTUAL_SCOPE_EXCLUDED_TYPES,
} from "../../../../shared/mail/folders.ts";
import type { FolderRow, TagCount } from "./repo.ts";

export interface TagWithColor {
  tag: string;
  color: string | null;
}

export interface TreeInput {
  rows: FolderRow[];
  tags: TagWithColor[];
  tagCounts: TagCount[];
  /** Shares of the user's own folders by folder id. */
  shares: Map<string, FolderShareInfo>;
  /** isOrgChartRestricted: no sharing root, nothing shareable. */
  restricted: boolean;
  /** SHARE nodes of folders shared with the user (SHARED_ROOT's children), from ../shared/service.ts. */
  sharedWithMe?: MailFolder[];
  /** SHARE nodes of the user's own shared folders (SHARING_ROOT's children). */
  sharing?: MailFolder[];
  /** The flow folder's (-17) counts where the company uses flow (repo.flowCount); no flow folder without. */
  flow?: { total: number; unread: number; size: number };
}

const isSystem = (t: string) => (SYSTEM_FOLDER_TYPES as readonly string[]).includes(t);
const excluded = (t: string) => (VIRTUAL_SCOPE_EXCLUDED_TYPES as readonly string[]).includes(t);
const nonNegative = (n: number) => Math.max(0, Number(n) || 0);

function node(partial: Partial<MailFolder> & Pick<MailFolder, "id" | "folderType" | "nameFolder">): MailFolder {
  return {
    parentId: null,
    color: null,
    icon: null,
    childCount: 0,
    children: [],
    sortOrder: 0,
    newCount: 0,
    totalCount: 0,
    usedSize: 0,
    options: null,
    shareFolders: null,
    shareable: false,
    ...partial,
  };
}

function virtualNode(folderType: FolderType, id: number, counts: { total: number; unread: number; size: number }): MailFolder {
  return node({
    id,
    folderType,
    nameFolder: folderType,
    icon: folderType.toLowerCase(),
    sortOrder: TOP_LEVEL_ORDER[folderType] ?? 0,
    totalCount: nonNegative(counts.total),
    newCount: nonNegative(counts.unread),
    usedSize: nonNegative(counts.size),
  });
}

/** Real folders as nodes with their children (in sibling order), keyed by id. */
function realNodes(input: TreeInput): Map<number, MailFolder> {
  const nodes = new Map<number, MailFolder>();
  for (const r of input.rows) {
    nodes.set(r.id, node({
      id: r.id,
      parentId: r.parentId,
      folderType: r.folderType as FolderType,
      nameFolder: r.name,
      color: r.color,
      icon: isSystem(r.folderType) ? r.folderType.toLowerCase() : null,
      sortOrder: r.parentId === null ? (TOP_LEVEL_ORDER[r.folderType as FolderType] ?? r.sortOrder) : r.sortOrder,
      newCount: nonNegative(r.newCount),
      totalCount: nonNegative(r.totalCount),
      usedSize: nonNegative(r.usedSize),
      options: r.folderType === "SEARCH" ? (r.options as MailSearchOptions | null) : null,
      shareFolders: input.shares.get(String(r.id)) ?? null,
      shareable: !input.restricted && (SHAREABLE_FOLDER_TYPES as readonly string[]).includes(r.folderType),
    }));
  }
  // rows come in sibling order, so children are appended in order.
  for (const r of input.rows) {
    if (r.parentId === null) continue;
    const parent = nodes.get(r.parentId);
    if (parent) parent.children.push(nodes.get(r.id)!);
  }
  for (const n of nodes.values()) n.childCount = n.children.length;
  return nodes;
}

function tagRoot(input: TreeInput): MailFolder {
  const counts = new Map(input.tagCounts.map((c) => [c.tag, c]));
  const children = input.tags.map((t, i) => {
    const c = counts.get(t.tag);
    return node({
      id: tagFolderId(t.tag),
      parentId: TAG_ROOT_ID,
      folderType: "TAG",
      nameFolder: t.tag,
      tag: t.tag,
      color: t.color,
      sortOrder: i + 1,
      totalCount: nonNegative(c?.total ?? 0),
      newCount: nonNegative(c?.unread ?? 0),
      usedSize: nonNegative(c?.size ?? 0),
    });
  });
  return node({
    id: TAG_ROOT_ID, folderType: "TAG_ROOT", nameFolder: "TAG_ROOT", icon: "tag_root",
    sortOrder: TOP_LEVEL_ORDER.TAG_ROOT, children, childCount: children.length,
  });
}

/** The virtual folders the tree shows, with their counts. */
export function virtualFolders(input: Pick<TreeInput, "rows" | "flow">): MailFolder[] {
  const inScope = input.rows.filter((r) => !excluded(r.folderType));
  const sum = (f: (r: FolderRow) => number) => inScope.reduce((s, r) => s + nonNegative(f(r)), 0);
  const unread = sum((r) => r.newCount);
  const shown = [
    virtualNode("ALL", VIRTUAL_FOLDER_IDS.ALL, { total: sum((r) => r.totalCount), unread, size: sum((r) => r.usedSize) }),
    virtualNode("IMPORTANT", VIRTUAL_FOLDER_IDS.IMPORTANT, {
      total: sum((r) => r.importantCount), unread: sum((r) => r.importantNewCount), size: sum((r) => r.importantSize),
    }),
    // The size of the unread mails is not counted anywhere: 0.
    virtualNode("UNREAD", VIRTUAL_FOLDER_IDS.UNREAD, { total: unread, unread, size: 0 }),
    virtualNode("ATTACH", VIRTUAL_FOLDER_IDS.ATTACH, {
      total: sum((r) => r.attachCount), unread: sum((r) => r.attachNewCount), size: sum((r) => r.attachSize),
    }),
  ];
  // The mails made into tasks, where the company uses flow.
  if (input.flow) shown.push(virtualNode("FLOW", VIRTUAL_FOLDER_IDS.FLOW, input.flow));
  return shown;
}

/** The whole tree: top-level nodes in display order. */
export function buildTree(input: TreeInput): MailFolder[] {
  const nodes = realNodes(input);
  const top: MailFolder[] = [...nodes.values()].filter((n) => n.parentId === null);
  top.push(...virtualFolders(input), tagRoot(input));
  top.push(node({
    id: VIRTUAL_FOLDER_IDS.SHARED_ROOT, folderType: "SHARED_ROOT", nameFolder: "SHARED_ROOT", icon: "shared_root",
    sortOrder: TOP_LEVEL_ORDER.SHARED_ROOT, children: input.sharedWithMe ?? [], childCount: input.sharedWithMe?.length ?? 0,
  }));
  if (!input.restricted) {
    top.push(node({
      id: VIRTUAL_FOLDER_IDS.SHARING_ROOT, folderType: "SHARING_ROOT", nameFolder: "SHARING_ROOT", icon: "sharing_root",
      sortOrder: TOP_LEVEL_ORDER.SHARING_ROOT, children: input.sharing ?? [], childCount: input.sharing?.length ?? 0,
    }));
  }
  return top.sort((a, b) => a.sortOrder - b.sortOrder);
}

/** A node anywhere in the tree by id. */
export function findNode(tree: MailFolder[], id: number | string): MailFolder | undefined {
  for (const n of tree) {
    if (n.id === id) return n;
    const hit = findNode(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** The folder and all below it. */
export function subtreeIds(rows: FolderRow[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentId !== null && out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Levels below the private (or search) root: a root's child is 1. */
export function depthOf(rows: FolderRow[], id: number): number {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let depth = 0;
  let cur = byId.get(id);
  while (cur && cur.parentId !== null && depth <= rows.length) {
    depth++;
    cur = byId.get(cur.parentId);
  }
  return depth;
}

/** Levels of the subtree under `id`, the folder itself counting 1. */
export function heightOf(rows: FolderRow[], id: number): number {
  const children = rows.filter((r) => r.parentId === id);
  return 1 + children.reduce((h, c) => Math.max(h, heightOf(rows, c.id)), 0);
}
