// The document's header actions: 즐겨찾기 (a toggle), 링크 복사, 공유 (OWNER), 버전 기록, and a menu with
// 내보내기 (Markdown; with sub-documents as a zip), 가져오기 (WRITE) and 삭제 (WRITE, confirmed; then to the
// parent or the wiki's home).
import { useNavigate } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, ToggleButton } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { atLeast } from "@shared/wiki/constants.ts";
import type { WikiDocument } from "@shared/wiki/documents.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { favoritesQuery } from "../queries.ts";
import { copyLink, exportMarkdown, removeDoc, toggleFavorite } from "./actions.ts";
import { docLinkTo } from "./link-to.ts";

export type DocDialog = "versions" | "share" | "import" | null;

export function DocActions({ doc, open, canShare, canImport }: {
  doc: WikiDocument;
  open(d: DocDialog): void;
  canShare: boolean;
  canImport: boolean;
}) {
  const { t } = useTranslation("wiki");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const favorites = useQuery(favoritesQuery());
  const fav = favorites.data?.find((f) => f.documentId === doc.id);
  const write = doc.editable;
  const published = doc.status === "PUBLISHED";

  async function remove() {
    const ok = await confirm({
      title: t("doc.deleteTitle"),
      message: t("doc.deleteConfirm", { title: doc.title || t("common.untitled") }),
      confirmLabel: t("doc.delete"),
      danger: true,
    });
    if (!ok || !(await removeDoc(qc, doc))) return;
    if (doc.parentId) void navigate({ ...docLinkTo(doc.parentId), replace: true });
    else void navigate({ to: "/wiki", replace: true });
  }

  const run: Record<string, () => void> = {
    exportDoc: () => void exportMarkdown(doc, false),
    exportTree: () => void exportMarkdown(doc, true),
    import: () => open("import"),
    delete: () => void remove(),
  };

  return (
    <div className="wd-actions" role="group" aria-label={t("doc.actions")}>
      {published && (
        <ToggleButton className="btn btn-ghost wd-fav" isSelected={!!fav} isDisabled={!favorites.data}
          onChange={() => void toggleFavorite(qc, doc.id, fav)}>
          <span aria-hidden="true">{fav ? "★" : "☆"}</span> {t("doc.favorite")}
        </ToggleButton>
      )}
      <Button variant="ghost" onPress={() => void copyLink(doc.id)}>{t("doc.copyLink")}</Button>
      {canShare && published && atLeast(doc.accessLevel, "OWNER") && (
        <Button variant="ghost" onPress={() => open("share")}>{t("doc.share")}</Button>
      )}
      <Button variant="ghost" onPress={() => open("versions")}>{t("doc.versions")}</Button>
      <MenuTrigger>
        <AriaButton className="btn btn-ghost" aria-label={t("doc.more")}>⋯</AriaButton>
        <Popover className="menu-popover" placement="bottom end">
          <Menu className="menu" aria-label={t("doc.actions")} onAction={(k) => run[String(k)]?.()}>
            <MenuItem id="exportDoc" className="menu-item">{t("doc.exportDoc")}</MenuItem>
            <MenuItem id="exportTree" className="menu-item">{t("doc.exportTree")}</MenuItem>
            {canImport && write && <MenuItem id="import" className="menu-item">{t("doc.import")}</MenuItem>}
            {write && <MenuItem id="delete" className="menu-item menu-item-danger">{t("doc.delete")}</MenuItem>}
          </Menu>
        </Popover>
      </MenuTrigger>
    </div>
  );
}
