// 즐겨찾기 in the side pane: the caller's favourites in their order (GET users/favorites), each a link with a
// menu (위로 이동, 아래로 이동, 즐겨찾기에서 삭제). Keyboard: Alt+↑ / Alt+↓ on a favourite moves it; the focus stays
// on it. A move shows at once and is then the server's answer (PATCH users/favorites/{id} with prevId).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import type { Favorite } from "@shared/wiki/personal.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { moveFavorite } from "../api.ts";
import { failed } from "../errors.ts";
import { favoritesQuery, wikiKeys } from "../queries.ts";
import { DocIcon, WIKI_ICONS } from "./DocIcon.tsx";
import { useDocTitle } from "./DocTree.tsx";
import { useFavoriteToggle } from "./favorite.ts";
import { wikiLinks } from "./links.ts";

type Action = "up" | "down" | "remove";

export function Favorites({ current, onPick }: { current: number | null; onPick(): void }) {
  const { t } = useTranslation("wiki");
  const title = useDocTitle();
  const qc = useQueryClient();
  const favorites = useQuery(favoritesQuery());
  const toggle = useFavoriteToggle();
  const list = favorites.data ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  const refocus = useRef<number | null>(null);

  useEffect(() => {
    const id = refocus.current;
    if (id === null) return;
    refocus.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-favorite="${id}"]`)?.focus();
  }, [list]);

  const move = async (f: Favorite, by: -1 | 1, keepFocus: boolean) => {
    const at = list.findIndex((x) => x.id === f.id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= list.length) return;
    const prevId = by < 0 ? (to > 0 ? list[to - 1].id : null) : list[to].id;
    const next = [...list];
    next.splice(at, 1);
    next.splice(to, 0, f);
    if (keepFocus) refocus.current = f.id;
    qc.setQueryData(wikiKeys.favorites, next);
    try {
      const answer = await moveFavorite(f.id, prevId);
      if (keepFocus) refocus.current = f.id;
      qc.setQueryData(wikiKeys.favorites, answer);
    } catch (e) {
      failed(e, "side.favoriteMoveFailed");
      void qc.invalidateQueries({ queryKey: wikiKeys.favorites });
    }
  };

  if (favorites.isError) return <p className="wk-error wk-pad" role="alert">{t("side.favoritesFailed")}</p>;
  if (!favorites.data) return null;
  if (!list.length) return <p className="wk-muted wk-pad">{t("side.noFavorites")}</p>;
  return (
    <ul className="wk-side-list" aria-label={t("side.favorites")} ref={listRef}>
      {list.map((f, i) => {
        const actions: { id: Action; label: string }[] = [
          ...(i > 0 ? [{ id: "up" as const, label: t("side.moveUp") }] : []),
          ...(i < list.length - 1 ? [{ id: "down" as const, label: t("side.moveDown") }] : []),
          { id: "remove", label: t("side.unfavorite") },
        ];
        return (
          <li key={f.id} className="wk-tree-row">
            <Link {...wikiLinks.doc(f.documentId)} className="wk-side-link" data-favorite={f.id}
              aria-current={current === f.documentId ? "page" : undefined} onClick={onPick}
              aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
              onKeyDown={(e) => {
                if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
                e.preventDefault();
                void move(f, e.key === "ArrowUp" ? -1 : 1, true);
              }}>
              <DocIcon type={f.document.type} />
              <span className="wk-side-name">{title(f.document)}</span>
            </Link>
            <MenuTrigger>
              <AriaButton className="wk-row-more" aria-label={t("side.favoriteMenuOf", { title: title(f.document) })}>
                <SvgIcon d={WIKI_ICONS.more} size={16} />
              </AriaButton>
              <Popover className="menu-popover" placement="bottom end">
                <Menu className="menu" onAction={(k) => {
                  if (k === "remove") void toggle(f.documentId, f.id);
                  else void move(f, k === "up" ? -1 : 1, false);
                }}>
                  {actions.map((a) => <MenuItem key={a.id} id={a.id} className="menu-item">{a.label}</MenuItem>)}
                </Menu>
              </Popover>
            </MenuTrigger>
          </li>
        );
      })}
    </ul>
  );
}
