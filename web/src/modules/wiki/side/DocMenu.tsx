// A tree row's menu: 하위 문서 추가 (a document's sub-document, opened), 즐겨찾기에 추가 / 즐겨찾기에서 삭제,
// 이동 (MoveDialog: a new parent), 삭제 (to the trash, after a confirmation; the shown document, when it was this
// one or under it, gives way to the wiki's home).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import type { WikiSummary } from "@shared/wiki/documents.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { deleteDoc } from "../api.ts";
import { failed, succeeded } from "../errors.ts";
import { favoritesQuery, wikiKeys } from "../queries.ts";
import { useCreateDoc } from "./create.ts";
import { WIKI_ICONS } from "./DocIcon.tsx";
import { useDocTitle } from "./DocTree.tsx";
import { useFavoriteToggle } from "./favorite.ts";
import { wikiLinks } from "./links.ts";
import { MoveDialog } from "./MoveDialog.tsx";

type Action = "addChild" | "favorite" | "unfavorite" | "move" | "delete";

export function DocMenu({ doc, onExpand, currentPath }: { doc: WikiSummary; onExpand(): void; currentPath: number[] }) {
  const { t } = useTranslation("wiki");
  const title = useDocTitle();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const create = useCreateDoc();
  const favorites = useQuery(favoritesQuery());
  const favorite = favorites.data?.find((f) => f.documentId === doc.id);
  const toggleFavorite = useFavoriteToggle();
  const [moving, setMoving] = useState(false);
  const writable = doc.accessLevel === "WRITE" || doc.accessLevel === "OWNER";

  const items: { id: Action; label: string }[] = [
    ...(doc.type === "document" && writable ? [{ id: "addChild" as const, label: t("side.addChild") }] : []),
    favorite ? { id: "unfavorite" as const, label: t("side.unfavorite") } : { id: "favorite" as const, label: t("side.favorite") },
    ...(writable ? [{ id: "move" as const, label: t("side.move") }, { id: "delete" as const, label: t("side.delete") }] : []),
  ];

  const remove = async () => {
    const ok = await confirm({ title: t("side.deleteTitle"), message: t("side.deleteConfirm", { title: title(doc) }), confirmLabel: t("side.delete"), danger: true });
    if (!ok) return;
    try {
      await deleteDoc(doc.id);
      const shownInside = currentPath.includes(doc.id);
      succeeded("side.deleted", { carry: shownInside });
      void qc.invalidateQueries({ queryKey: ["wiki", "children"] });
      for (const k of [wikiKeys.favorites, wikiKeys.recent, wikiKeys.lastRead, ["wiki", "trash"], ["wiki", "search"]]) {
        void qc.invalidateQueries({ queryKey: k });
      }
      if (doc.parentId) void qc.invalidateQueries({ queryKey: wikiKeys.doc(doc.parentId) });
      if (shownInside) await navigate({ ...wikiLinks.home(), replace: true });
    } catch (e) {
      failed(e, "side.deleteFailed");
    }
  };

  const onAction = (k: Action) => {
    if (k === "addChild") {
      onExpand();
      void create(doc.id);
    } else if (k === "favorite") void toggleFavorite(doc.id, null);
    else if (k === "unfavorite") void toggleFavorite(doc.id, favorite!.id);
    else if (k === "move") setMoving(true);
    else void remove();
  };

  return (
    <>
      <MenuTrigger>
        <AriaButton className="wk-row-more" aria-label={t("side.menuOf", { title: title(doc) })}>
          <SvgIcon d={WIKI_ICONS.more} size={16} />
        </AriaButton>
        <Popover className="menu-popover" placement="bottom end">
          <Menu className="menu" onAction={(k) => onAction(k as Action)}>
            {items.map((i) => <MenuItem key={i.id} id={i.id} className="menu-item">{i.label}</MenuItem>)}
          </Menu>
        </Popover>
      </MenuTrigger>
      {moving && <MoveDialog doc={doc} onClose={() => setMoving(false)} />}
    </>
  );
}
