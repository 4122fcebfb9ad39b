// The folder tree as an ARIA tree (react-aria-components Tree): arrows move and open or close folders,
// Enter opens a folder's list, Shift+F10 or the context-menu key (or right click, or the row's "more"
// button) opens the folder's menu. Private folders are dragged before, next to or into each other (the
// row's drag handle also starts a keyboard drag); mails dragged from the list (MAIL_DRAG_TYPE) are dropped
// onto a folder to move them there.
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  Button, Collection, type DragTypes, type DropTarget, type Key, Tree, TreeItem, TreeItemContent, useDragAndDrop,
} from "react-aria-components";
import type { MailFolder } from "@shared/mail/folders.ts";
import { MailIcon } from "../icons.tsx";
import type { FolderRef } from "../route-params.ts";
import { folderCount, folderIcon, folderName, isCurrentFolder, isSelfOrDescendant, keyOf, type TreeFolder } from "./folder-meta.ts";
import { MAIL_DRAG_TYPE } from "./move-mails.ts";

/** The drag data type of a folder dragged inside the tree: its key. */
export const FOLDER_DRAG_TYPE = "application/x-gw-folder";
/** Folder types mails can be moved into (the server's move targets). */
const MAIL_DROP_TYPES = ["INBOX", "TOME", "SENT", "PRIVATE", "DELETED"];

export interface FolderTreeProps {
  tree: MailFolder[];
  current: FolderRef | undefined;
  ownerId?: number;
  expanded: Set<Key>;
  onExpandedChange(keys: Set<Key>): void;
  onOpen(f: TreeFolder): void;
  onMenu(f: TreeFolder, anchor: Element): void;
  onMoveFolder(key: string, target: TreeFolder, position: "before" | "next" | "inner"): void;
  onDropMails(text: string, target: TreeFolder): void;
}

function index(tree: MailFolder[], out = new Map<string, TreeFolder>()) {
  for (const f of tree) {
    out.set(keyOf(f), f);
    index(f.children, out);
  }
  return out;
}

export function FolderTree(props: FolderTreeProps) {
  const { t } = useTranslation("mail");
  const { tree } = props;
  const byKey = useMemo(() => index(tree), [tree]);
  const dragging = useRef<string | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const byKeyRef = useRef(byKey);
  byKeyRef.current = byKey;

  const { dragAndDropHooks } = useDragAndDrop<TreeFolder>({
    getItems: (keys) => [...keys].map((k) => ({ [FOLDER_DRAG_TYPE]: String(k), "text/plain": byKeyRef.current.get(String(k))?.nameFolder ?? "" })),
    onDragStart: (e) => (dragging.current = String([...e.keys][0] ?? "")),
    onDragEnd: () => (dragging.current = null),
    getAllowedDropOperations: () => ["move"],
    getDropOperation: (target, types) => (acceptsDrop(target, types) ? "move" : "cancel"),
    async onDrop(e) {
      if (e.target.type !== "item") return;
      const target = byKeyRef.current.get(String(e.target.key));
      if (!target) return;
      for (const item of e.items) {
        if (item.kind !== "text") continue;
        if (item.types.has(FOLDER_DRAG_TYPE)) {
          const key = await item.getText(FOLDER_DRAG_TYPE);
          const pos = e.target.dropPosition === "on" ? "inner" : e.target.dropPosition === "before" ? "before" : "next";
          if (validFolderDrop(key, target, e.target.dropPosition)) latest.current.onMoveFolder(key, target, pos);
          return;
        }
        if (item.types.has(MAIL_DRAG_TYPE)) {
          latest.current.onDropMails(await item.getText(MAIL_DRAG_TYPE), target);
          return;
        }
      }
    },
  });
  function validFolderDrop(key: string | null, target: TreeFolder, position: "on" | "before" | "after"): boolean {
    const moving = key ? byKeyRef.current.get(key) : undefined;
    if (!key || !moving || moving.folderType !== "PRIVATE") return false;
    if (isSelfOrDescendant(latest.current.tree, key, keyOf(target))) return false;
    if (position === "on") return target.folderType === "PRIVATE" || target.folderType === "PRIVATE_ROOT";
    return target.folderType === "PRIVATE";
  }

  function acceptsDrop(target: DropTarget, types: DragTypes): boolean {
    if (target.type !== "item") return false;
    const f = byKeyRef.current.get(String(target.key));
    if (!f) return false;
    if (types.has(FOLDER_DRAG_TYPE)) return validFolderDrop(dragging.current, f, target.dropPosition);
    if (types.has(MAIL_DRAG_TYPE)) return target.dropPosition === "on" && MAIL_DROP_TYPES.includes(f.folderType) && typeof f.id === "number";
    return false;
  }

  // Only private folders are dragged: other rows keep no drag handlers.
  const hooks = useMemo(() => ({
    ...dragAndDropHooks,
    useDraggableItem: ((p, state) => {
      const r = dragAndDropHooks.useDraggableItem!(p, state);
      return byKeyRef.current.get(String(p.key))?.folderType === "PRIVATE" ? r : { ...r, dragProps: {}, dragButtonProps: {} };
    }) as typeof dragAndDropHooks.useDraggableItem,
  }), [dragAndDropHooks]);

  function onKeyDownCapture(e: React.KeyboardEvent) {
    if (!((e.key === "F10" && e.shiftKey) || e.key === "ContextMenu")) return;
    const row = (e.target as Element).closest("[data-folder-key]");
    const f = row && byKey.get(row.getAttribute("data-folder-key")!);
    if (!row || !f) return;
    e.preventDefault();
    e.stopPropagation();
    latest.current.onMenu(f, row);
  }

  // Rows are cached per folder object; these make them render again when the current folder or language changes.
  const deps = [props.current, props.ownerId, t];
  const renderItem = (f: TreeFolder): React.ReactElement => {
    const name = folderName(f, t);
    const count = folderCount(f);
    const current = isCurrentFolder(f, props.current, props.ownerId);
    const countLabel = f.folderType === "DRAFTS" ? t("folders.countDrafts", { count }) : t("folders.countUnread", { count });
    return (
      <TreeItem
        id={keyOf(f)}
        textValue={name}
        className="mf-row"
        onContextMenu={(e) => {
          e.preventDefault();
          latest.current.onMenu(f, e.currentTarget);
        }}
        render={(domProps) => <div {...domProps} data-folder-key={keyOf(f)} aria-current={current ? "page" : undefined} />}
      >
        <TreeItemContent>
          {({ hasChildItems, isExpanded, isDropTarget }) => (
            <div className={`mf-item${current ? " mf-current" : ""}${isDropTarget ? " mf-drop" : ""}`}>
              {f.folderType === "PRIVATE" && (
                <Button slot="drag" className="mf-drag" aria-label={t("folders.dragHandle", { name })}>⋮⋮</Button>
              )}
              {hasChildItems
                ? (
                  <Button slot="chevron" className="mf-chevron" aria-label={t(isExpanded ? "folders.collapse" : "folders.expand", { name })}>
                    <MailIcon name={isExpanded ? "chevronDown" : "chevronRight"} size={14} />
                  </Button>
                )
                : <span className="mf-chevron-space" />}
              <span className="mf-icon" style={f.color ? { color: f.color } : undefined}>
                <MailIcon name={folderIcon(f)} size={16} />
              </span>
              <span className="mf-name" title={name}>{name}</span>
              {count > 0 && (
                <span className={`mf-count${f.folderType === "DRAFTS" ? " mf-count-total" : ""}`} aria-label={countLabel} title={countLabel}>
                  {count}
                </span>
              )}
              {f.shareFolders && <span className="mf-shared-mark" title={t("folders.isShared")}><MailIcon name="share" size={12} label={t("folders.isShared")} /></span>}
              <Button className="mf-more" aria-label={t("folders.menuOf", { name })} onPress={(e) => latest.current.onMenu(f, (e.target as Element).closest("[data-folder-key]") ?? (e.target as Element))}>
                <MailIcon name="more" size={16} />
              </Button>
            </div>
          )}
        </TreeItemContent>
        <Collection items={f.children as TreeFolder[]} dependencies={deps}>{renderItem}</Collection>
      </TreeItem>
    );
  };

  return (
    <div onKeyDownCapture={onKeyDownCapture}>
      <Tree
        aria-label={t("folders.treeLabel")}
        className="mf-tree"
        items={tree as TreeFolder[]}
        expandedKeys={props.expanded}
        onExpandedChange={props.onExpandedChange}
        selectionMode="none"
        // The tree's own onAction (not each item's): without one, react-aria also folds or unfolds a parent
        // whenever its row is pressed, so opening an open folder would hide its sub-folders. Only the chevron
        // (and the arrow keys) fold.
        onAction={(key) => {
          const f = byKey.get(String(key));
          if (f) latest.current.onOpen(f);
        }}
        dragAndDropHooks={hooks}
        dependencies={deps}
      >
        {renderItem}
      </Tree>
    </div>
  );
}
