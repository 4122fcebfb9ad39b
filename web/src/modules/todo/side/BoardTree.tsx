// A workspace's board tree in the side pane (GET workspace/{id}/boards): folders (a button that folds and unfolds
// them) with their boards, and top-level boards (links), each with its menu (BoardMenu). Keyboard: Tab reaches
// each entry; ↑/↓ move between the entries shown, → unfolds a folder (or goes to its first board), ← folds it (or
// goes to the folder), Home/End go to the first/last entry; moving is in each row's menu. With a pointer, rows
// are dragged before or after another, or onto a folder (into it). Folded folders are remembered for the session.
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TodoBoardNode } from "@shared/todo/boards.ts";
import type { Position } from "@shared/todo/constants.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { moveBoard } from "../api.ts";
import { failed } from "../errors.ts";
import { todoKeys } from "../queries.ts";
import { BoardMenu } from "./BoardMenu.tsx";
import { TODO_ICONS } from "./icons.ts";
import { todoLinks } from "./links.ts";
import { dropAllowed, flatten, type Move } from "./moves.ts";

const FOLDED_KEY = "gw.todo.folded";

function loadFolded(): Set<number> {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(FOLDED_KEY) ?? "[]");
    return new Set(Array.isArray(v) ? v.filter((n): n is number => typeof n === "number") : []);
  } catch {
    return new Set();
  }
}

export function BoardTree({ workspaceId, tree, current, canEdit, onPick }: {
  workspaceId: number;
  tree: TodoBoardNode[];
  current: number | null;
  canEdit: boolean;
  onPick(): void;
}) {
  const { t } = useTranslation("todo");
  const qc = useQueryClient();
  const [folded, setFolded] = useState(loadFolded);
  const [hint, setHint] = useState<{ id: number; position: Position } | null>(null);
  const dragged = useRef<TodoBoardNode | null>(null);
  const setFold = (id: number, fold: boolean) => {
    setFolded((prev) => {
      const next = new Set(prev);
      if (fold) next.add(id);
      else next.delete(id);
      sessionStorage.setItem(FOLDED_KEY, JSON.stringify([...next]));
      return next;
    });
  };

  const move = async (node: TodoBoardNode, m: Move) => {
    try {
      const next = await moveBoard(node.id, m.targetId, m.position);
      qc.setQueryData(todoKeys.boards(workspaceId), next);
      if (m.position === "INSIDE") setFold(m.targetId, false);
    } catch (e) {
      failed(e, "side.moveFailed");
      void qc.invalidateQueries({ queryKey: todoKeys.boards(workspaceId) });
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLUListElement>) => {
    const rows = [...e.currentTarget.querySelectorAll<HTMLElement>("[data-tree-row]")];
    const at = rows.indexOf(e.target as HTMLElement);
    if (at < 0) return;
    const row = rows[at];
    const id = Number(row.dataset.treeRow);
    const parent = row.dataset.parent ? rows.find((r) => r.dataset.treeRow === row.dataset.parent) : undefined;
    const isFolder = row.dataset.folder === "true";
    let target: HTMLElement | undefined;
    switch (e.key) {
      case "ArrowDown": target = rows[at + 1]; break;
      case "ArrowUp": target = rows[at - 1]; break;
      case "Home": target = rows[0]; break;
      case "End": target = rows[rows.length - 1]; break;
      case "ArrowRight":
        if (isFolder && folded.has(id)) setFold(id, false);
        else if (isFolder && rows[at + 1]?.dataset.parent === String(id)) target = rows[at + 1];
        else return;
        break;
      case "ArrowLeft":
        if (isFolder && !folded.has(id)) setFold(id, true);
        else if (parent) target = parent;
        else return;
        break;
      default:
        return;
    }
    e.preventDefault();
    target?.focus();
  };

  const positionAt = (e: React.DragEvent, node: TodoBoardNode): Position => {
    const r = e.currentTarget.getBoundingClientRect();
    const y = (e.clientY - r.top) / Math.max(1, r.height);
    if (node.boardType === "FOLDER" && dragged.current?.boardType === "BOARD" && y > 0.25 && y < 0.75) return "INSIDE";
    return y < 0.5 ? "BEFORE" : "AFTER";
  };
  const byId = new Map(flatten(tree).map((n) => [n.id, n]));

  const render = (n: TodoBoardNode, depth: number): React.ReactNode => {
    const folder = n.boardType === "FOLDER";
    const open = folder && !folded.has(n.id);
    const rowData = { "data-tree-row": String(n.id), "data-parent": n.parentId === null ? undefined : String(n.parentId), "data-folder": String(folder) };
    const mark = hint?.id === n.id ? ` td-drop-${hint.position.toLowerCase()}` : "";
    return (
      <li key={n.id}>
        <div className={`td-tree-row${mark}`} style={{ paddingInlineStart: depth * 16 }}
          draggable={canEdit}
          onDragStart={(e) => {
            dragged.current = n;
            e.dataTransfer.effectAllowed = "move";
            e.dataTransfer.setData("application/x-todo-board", String(n.id));
          }}
          onDragEnd={() => {
            dragged.current = null;
            setHint(null);
          }}
          onDragOver={(e) => {
            const d = dragged.current;
            if (!d) return;
            const position = positionAt(e, n);
            if (!dropAllowed(d, n, position)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = "move";
            if (hint?.id !== n.id || hint.position !== position) setHint({ id: n.id, position });
          }}
          onDragLeave={() => setHint((h) => (h?.id === n.id ? null : h))}
          onDrop={(e) => {
            const d = dragged.current ?? byId.get(Number(e.dataTransfer.getData("application/x-todo-board")));
            const position = positionAt(e, n);
            setHint(null);
            dragged.current = null;
            if (!d || !dropAllowed(d, n, position)) return;
            e.preventDefault();
            void move(d, { targetId: n.id, position });
          }}>
          {folder
            ? (
              <button type="button" className="td-side-link" {...rowData} aria-expanded={open} onClick={() => setFold(n.id, open)}>
                <span className={`td-twisty${open ? " td-twisty-open" : ""}`} aria-hidden="true">▸</span>
                <SvgIcon d={TODO_ICONS.folder} size={16} />
                <span className="td-side-name">{n.title}</span>
              </button>
            )
            : (
              <Link {...todoLinks.board(workspaceId, n.id)} className="td-side-link" {...rowData} draggable={false}
                aria-current={current === n.id ? "page" : undefined} onClick={onPick}>
                <span className="td-twisty" aria-hidden="true" />
                <SvgIcon d={TODO_ICONS.board} size={16} />
                <span className="td-side-name">{n.title}</span>
              </Link>
            )}
          {canEdit && <BoardMenu node={n} tree={tree} currentBoard={current} onMove={(node, m) => void move(node, m)} onExpand={() => setFold(n.id, false)} />}
        </div>
        {open && n.children.length > 0 && <ul className="td-tree-children">{n.children.map((k) => render(k, depth + 1))}</ul>}
        {open && n.children.length === 0 && <p className="td-muted td-tree-empty" style={{ paddingInlineStart: (depth + 1) * 16 + 24 }}>{t("side.emptyFolder")}</p>}
      </li>
    );
  };

  return (
    <ul className="td-tree" aria-label={t("side.boards")} onKeyDown={onKeyDown}>
      {tree.map((n) => render(n, 0))}
    </ul>
  );
}
