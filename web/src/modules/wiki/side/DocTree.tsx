// The document tree of the side pane: the top level, and each expanded document's level loaded when it is
// expanded (GET docs/summaries per level: childrenQuery). Each row is a link to the document (its icon says
// document or database; a database is a leaf here: its rows are its table) with aria-expanded when it has
// sub-documents, and a menu (DocMenu). The document shown is marked (aria-current) and its ancestors are
// expanded. Keyboard: Tab reaches each row; ↑/↓ move between the rows shown, → expands (or goes to the first
// sub-document), ← collapses (or goes to the parent), Home/End go to the first/last row.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { createContext, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WikiSummary } from "@shared/wiki/documents.ts";
import { childrenQuery } from "../queries.ts";
import { DocIcon } from "./DocIcon.tsx";
import { DocMenu } from "./DocMenu.tsx";
import { wikiLinks } from "./links.ts";

const EXPANDED_KEY = "gw.wiki.expanded";

function loadExpanded(): Set<number> {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(EXPANDED_KEY) ?? "[]");
    return new Set(Array.isArray(v) ? v.filter((n): n is number => typeof n === "number") : []);
  } catch {
    return new Set();
  }
}

interface TreeCtx {
  expanded: Set<number>;
  setExpanded(id: number, open: boolean): void;
  current: number | null;
  /** Ids root first of the shown document's path (itself last). */
  currentPath: number[];
  onPick(): void;
}
const Ctx = createContext<TreeCtx | null>(null);
const useTree = () => useContext(Ctx)!;

/** A document's title, or the untitled text. */
export function useDocTitle() {
  const { t } = useTranslation("wiki");
  return (d: { title: string }) => d.title || t("common.untitled");
}

export function DocTree({ current, currentPath, onPick }: { current: number | null; currentPath: number[]; onPick(): void }) {
  const { t } = useTranslation("wiki");
  const [expanded, setAll] = useState(loadExpanded);
  const setExpanded = (id: number, open: boolean) =>
    setAll((prev) => {
      if (prev.has(id) === open) return prev;
      const next = new Set(prev);
      if (open) next.add(id);
      else next.delete(id);
      sessionStorage.setItem(EXPANDED_KEY, JSON.stringify([...next]));
      return next;
    });
  const pathKey = currentPath.join("/");
  useEffect(() => {
    const ancestors = pathKey ? pathKey.split("/").map(Number).slice(0, -1) : [];
    if (ancestors.length) {
      setAll((prev) => {
        if (ancestors.every((a) => prev.has(a))) return prev;
        const next = new Set([...prev, ...ancestors]);
        sessionStorage.setItem(EXPANDED_KEY, JSON.stringify([...next]));
        return next;
      });
    }
  }, [pathKey]);

  const root = useQuery(childrenQuery(null));
  const onKeyDown = (e: React.KeyboardEvent<HTMLUListElement>) => {
    const rows = [...e.currentTarget.querySelectorAll<HTMLElement>("[data-tree-row]")];
    const at = rows.indexOf(e.target as HTMLElement);
    if (at < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    const row = rows[at];
    const id = Number(row.dataset.treeRow);
    const parent = row.dataset.parent ? rows.find((r) => r.dataset.treeRow === row.dataset.parent) : undefined;
    const hasChildren = row.dataset.hasChildren === "true";
    const open = hasChildren && expanded.has(id);
    let target: HTMLElement | undefined;
    switch (e.key) {
      case "ArrowDown": target = rows[at + 1]; break;
      case "ArrowUp": target = rows[at - 1]; break;
      case "Home": target = rows[0]; break;
      case "End": target = rows[rows.length - 1]; break;
      case "ArrowRight":
        if (hasChildren && !open) setExpanded(id, true);
        else if (open) target = rows[at + 1]?.dataset.parent === String(id) ? rows[at + 1] : undefined;
        else return;
        break;
      case "ArrowLeft":
        if (open) setExpanded(id, false);
        else if (parent) target = parent;
        else return;
        break;
      default:
        return;
    }
    e.preventDefault();
    target?.focus();
  };

  if (root.isError) return <p className="wk-error wk-pad" role="alert">{t("side.treeFailed")}</p>;
  if (!root.data) return <p className="wk-muted wk-pad">{t("common.loading")}</p>;
  if (!root.data.length) return <p className="wk-muted wk-pad">{t("side.noDocs")}</p>;
  return (
    <Ctx.Provider value={{ expanded, setExpanded, current, currentPath, onPick }}>
      <ul className="wk-tree" aria-label={t("side.docs")} onKeyDown={onKeyDown}>
        {root.data.map((d) => <TreeItem key={d.id} doc={d} depth={0} />)}
      </ul>
    </Ctx.Provider>
  );
}

function TreeLevel({ parentId, depth }: { parentId: number; depth: number }) {
  const { t } = useTranslation("wiki");
  const level = useQuery(childrenQuery(parentId));
  if (level.isError) return <li className="wk-error wk-pad" role="alert">{t("side.treeFailed")}</li>;
  if (!level.data) return <li className="wk-muted wk-pad" style={{ paddingInlineStart: depth * 14 + 24 }}>{t("common.loading")}</li>;
  return <>{level.data.map((d) => <TreeItem key={d.id} doc={d} depth={depth} />)}</>;
}

function TreeItem({ doc, depth }: { doc: WikiSummary; depth: number }) {
  const { t } = useTranslation("wiki");
  const title = useDocTitle();
  const tree = useTree();
  const hasChildren = doc.type === "document" && doc.childCount > 0;
  const open = hasChildren && tree.expanded.has(doc.id);
  const isCurrent = tree.current === doc.id;
  return (
    <li>
      <div className={`wk-tree-row${isCurrent ? " wk-tree-row-current" : ""}`} style={{ paddingInlineStart: depth * 14 }}>
        {hasChildren
          ? (
            <span className="wk-twisty wk-twisty-button" aria-hidden="true" onClick={() => tree.setExpanded(doc.id, !open)}>
              <span className={open ? "wk-twisty-open" : undefined}>▸</span>
            </span>
          )
          : <span className="wk-twisty" aria-hidden="true" />}
        <Link {...wikiLinks.doc(doc.id)} className="wk-side-link" data-tree-row={doc.id}
          data-parent={doc.parentId ?? undefined} data-has-children={String(hasChildren)}
          aria-expanded={hasChildren ? open : undefined} aria-current={isCurrent ? "page" : undefined} onClick={tree.onPick}>
          <DocIcon type={doc.type} />
          <span className="wk-side-name">{title(doc)}</span>
          {doc.type === "database" && <span className="visually-hidden">({t("common.database")})</span>}
        </Link>
        <DocMenu doc={doc} onExpand={() => tree.setExpanded(doc.id, true)} currentPath={tree.currentPath} />
      </div>
      {open && (
        <ul className="wk-tree-children">
          <TreeLevel parentId={doc.id} depth={depth + 1} />
        </ul>
      )}
    </li>
  );
}
