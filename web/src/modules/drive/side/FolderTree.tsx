// A folder tree that loads each level when opened (GET {parent}/children): in the side pane its folders are
// links to their lists; in the move, copy and shortcut dialogs they are choices (`pick`). Each node with
// sub-folders has an expand button; the path to the current folder starts open.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { DriveItem } from "@shared/drive/items.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { ICONS, KindIcon } from "../icons.tsx";
import { childrenQuery } from "../queries.ts";
import { drivePaths } from "../params.ts";

export interface TreePick {
  selected: number | null;
  onPick(folder: DriveItem): void;
  /** Folders that cannot be picked (shown, marked). */
  refused?(folder: DriveItem): boolean;
}

export function FolderTree({ root, label, openPath, pick, onNavigate, currentId }: {
  root: DriveItem;
  label: string;
  /** Ids of folders to start open (the path to the current folder). */
  openPath?: number[];
  pick?: TreePick;
  onNavigate?(): void;
  currentId?: number | null;
}) {
  return (
    <ul className="dr-tree" role="list">
      <Node folder={root} name={label} depth={0} openPath={openPath ?? []} pick={pick} onNavigate={onNavigate} currentId={currentId ?? null} startOpen />
    </ul>
  );
}

function Node({ folder, name, depth, openPath, pick, onNavigate, currentId, startOpen }: {
  folder: DriveItem;
  name: string;
  depth: number;
  openPath: number[];
  pick?: TreePick;
  onNavigate?(): void;
  currentId: number | null;
  startOpen?: boolean;
}) {
  const { t } = useTranslation("drive");
  const [open, setOpen] = useState(!!startOpen || openPath.includes(folder.id));
  useEffect(() => {
    if (openPath.includes(folder.id)) setOpen(true);
  }, [openPath.join(",")]);
  const kids = useQuery({ ...childrenQuery(folder.id), enabled: open });
  const folders = (kids.data ?? []).filter((c) => c.fileType === "DIRECTORY" && !c.isShortcut);
  const hasKids = folder.childCount > 0 || folders.length > 0;
  const refused = pick?.refused?.(folder) ?? false;
  return (
    <li className="dr-tree-node">
      <div className="dr-tree-row" style={{ paddingInlineStart: depth * 14 }}>
        {hasKids
          ? (
            <AriaButton className="dr-tree-toggle" aria-expanded={open} aria-label={t(open ? "tree.collapse" : "tree.expand", { name })}
              onPress={() => setOpen(!open)}>
              <SvgIcon d={open ? ICONS.chevronDown : ICONS.chevronRight} size={14} />
            </AriaButton>
          )
          : <span className="dr-tree-spacer" />}
        {pick
          ? (
            <AriaButton className="dr-tree-pick" aria-pressed={pick.selected === folder.id} data-refused={refused || undefined}
              onPress={() => pick.onPick(folder)}>
              <KindIcon fileType={depth === 0 ? "ROOT" : "DIRECTORY"} size={16} />
              <span className="dr-tree-name">{name}</span>
            </AriaButton>
          )
          : (
            <Link {...drivePaths.folder(folder.id)} className="dr-tree-link" aria-current={currentId === folder.id ? "page" : undefined}
              onClick={() => onNavigate?.()}>
              <KindIcon fileType={depth === 0 ? "ROOT" : "DIRECTORY"} size={16} />
              <span className="dr-tree-name">{name}</span>
            </Link>
          )}
      </div>
      {open && folders.length > 0 && (
        <ul className="dr-tree-children" role="list">
          {folders.map((f) => (
            <Node key={f.id} folder={f} name={f.fileName} depth={depth + 1} openPath={openPath} pick={pick} onNavigate={onNavigate} currentId={currentId} />
          ))}
        </ul>
      )}
    </li>
  );
}
