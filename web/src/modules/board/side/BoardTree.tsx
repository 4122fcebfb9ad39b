// The board tree in the side pane: groups (a button that folds and unfolds them), boards (links with their
// unread counts and a follow toggle) and sub-boards, indented by depth. Keyboard: Tab reaches each entry; ↑/↓
// move between the entries shown, → unfolds (or goes to the first child), ← folds (or goes to the parent),
// Home/End go to the first/last entry. Folded entries are remembered for the session.
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BoardNode } from "@shared/board/boards.ts";
import { boardPaths } from "../paths.ts";
import { FollowToggle } from "./FollowToggle.tsx";
import { UnreadBadge } from "./UnreadBadge.tsx";

const FOLDED_KEY = "gw.board.folded";

function loadFolded(): Set<number> {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(FOLDED_KEY) ?? "[]");
    return new Set(Array.isArray(v) ? v.filter((n): n is number => typeof n === "number") : []);
  } catch {
    return new Set();
  }
}

export function BoardTree({ nodes, current, onPick }: { nodes: BoardNode[]; current: number | null; onPick(): void }) {
  const { t } = useTranslation("board");
  const [folded, setFolded] = useState(loadFolded);
  const setFold = (id: number, fold: boolean) => {
    setFolded((prev) => {
      const next = new Set(prev);
      if (fold) next.add(id);
      else next.delete(id);
      sessionStorage.setItem(FOLDED_KEY, JSON.stringify([...next]));
      return next;
    });
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLUListElement>) => {
    const rows = [...e.currentTarget.querySelectorAll<HTMLElement>("[data-tree-row]")];
    const at = rows.indexOf(e.target as HTMLElement);
    if (at < 0) return;
    const row = rows[at];
    const id = Number(row.dataset.treeRow);
    const parent = row.dataset.parent ? rows.find((r) => r.dataset.treeRow === row.dataset.parent) : undefined;
    const hasChildren = row.dataset.hasChildren === "true";
    let target: HTMLElement | undefined;
    switch (e.key) {
      case "ArrowDown": target = rows[at + 1]; break;
      case "ArrowUp": target = rows[at - 1]; break;
      case "Home": target = rows[0]; break;
      case "End": target = rows[rows.length - 1]; break;
      case "ArrowRight":
        if (hasChildren && folded.has(id)) setFold(id, false);
        else if (hasChildren) target = rows[at + 1];
        else return;
        break;
      case "ArrowLeft":
        if (hasChildren && !folded.has(id)) setFold(id, true);
        else if (parent) target = parent;
        else return;
        break;
      default:
        return;
    }
    e.preventDefault();
    target?.focus();
  };

  const render = (n: BoardNode, depth: number, parentId: number | null): React.ReactNode => {
    const kids = n.children ?? [];
    const hasChildren = kids.length > 0;
    const open = hasChildren && !folded.has(n.id);
    const rowData = {
      "data-tree-row": String(n.id),
      "data-parent": parentId === null ? undefined : String(parentId),
      "data-has-children": String(hasChildren),
    };
    const twisty = hasChildren
      ? (
        <span className="bd-twisty bd-twisty-button" aria-hidden="true" onClick={() => setFold(n.id, open)}>
          <span className={open ? "bd-twisty-open" : undefined}>▸</span>
        </span>
      )
      : <span className="bd-twisty" aria-hidden="true" />;
    return (
      <li key={n.id}>
        <div className="bd-tree-row" style={{ paddingInlineStart: depth * 14 }}>
          {twisty}
          {n.boardType === "GROUP"
            ? (
              <button type="button" className="bd-side-link bd-group" {...rowData} aria-expanded={hasChildren ? open : undefined}
                onClick={() => hasChildren && setFold(n.id, open)}>
                <span className="bd-side-name">{n.name}</span>
              </button>
            )
            : (
              <>
                <Link {...boardPaths.list(n.id)} className="bd-side-link" {...rowData} aria-expanded={hasChildren ? open : undefined}
                  aria-current={current === n.id ? "page" : undefined} onClick={onPick}>
                  <span className="bd-side-name">{n.name}</span>
                  <UnreadBadge count={n.unreadCount} />
                </Link>
                <FollowToggle id={n.id} name={n.name} following={n.following} compact />
              </>
            )}
        </div>
        {open && <ul className="bd-tree-children">{kids.map((k) => render(k, depth + 1, n.id))}</ul>}
      </li>
    );
  };

  return (
    <ul className="bd-tree" aria-label={t("side.boards")} onKeyDown={onKeyDown}>
      {nodes.map((n) => render(n, 0, null))}
    </ul>
  );
}
