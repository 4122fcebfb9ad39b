// Announcements: a paged table, newest first, with write, edit and delete (after a confirmation). Row action
// (Enter or click) opens the edit dialog.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import type { Announcement } from "@shared/announcements.ts";
import { DEFAULT_PAGE_SIZE } from "@shared/paging.ts";
import { api } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { announcementKeys, announcementListQuery, formatWhen } from "../../../app/announcements/queries.ts";
import { Pager, RowActions } from "../controls.tsx";
import { notifyFailure } from "../feedback.ts";
import { AdminIcon } from "../icons.tsx";
import { AnnouncementEditDialog } from "./AnnouncementEditDialog.tsx";

export function AnnouncementsSection() {
  const { t, i18n } = useTranslation(["announcements", "admin"]);
  const qc = useQueryClient();
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Announcement | "new" | null>(null);
  const list = useQuery(announcementListQuery(page, DEFAULT_PAGE_SIZE));
  const items = list.data?.content ?? [];

  async function remove(a: Announcement) {
    const ok = await confirm({
      title: t("admin.delete.title"),
      message: t("admin.delete.message", { title: a.title }),
      confirmLabel: t("admin.delete.confirm"),
      danger: true,
    });
    if (!ok) return;
    try {
      await api(`/api/admin/announcements/${a.id}`, { method: "DELETE" });
      snackbar("SUCCESS", t("admin.delete.done"));
      if (items.length === 1 && page > 0) setPage(page - 1);
      await qc.invalidateQueries({ queryKey: announcementKeys.all });
    } catch (e) {
      notifyFailure(e);
    }
  }

  return (
    <>
      <header className="adm-head">
        <div>
          <h2 id="adm-heading">{t("admin.section")}</h2>
          <p className="adm-sub">{list.data ? t("admin.count", { count: list.data.totalElements }) : t("admin.subtitle")}</p>
        </div>
        <Button onPress={() => setEditing("new")}>
          <AdminIcon name="plus" size={18} />
          {t("admin.add")}
        </Button>
      </header>

      <div className="adm-card adm-table-wrap" aria-busy={list.isFetching || undefined}>
        <Table aria-labelledby="adm-heading" className="adm-table" onRowAction={(id) => {
          const a = items.find((x) => x.id === id);
          if (a) setEditing(a);
        }}>
          <TableHeader>
            <Column isRowHeader className="adm-col-name">{t("admin.col.title")}</Column>
            <Column>{t("admin.col.registered")}</Column>
            <Column className="adm-opt">{t("admin.col.updated")}</Column>
            <Column className="adm-col-actions"><span className="visually-hidden">{t("admin.col.actions")}</span></Column>
          </TableHeader>
          {/* Rows are cached per item: a language switch must re-render their dates and menus. */}
          <TableBody items={items} dependencies={[i18n.language]} renderEmptyState={() => (
            <p className="adm-empty">{list.isLoading ? t("admin:loading") : list.isError ? t("admin:loadFailed") : t("admin.empty")}</p>
          )}>
            {(a) => (
              <Row id={a.id} className="adm-row">
                <Cell><strong className="adm-ann-title">{a.title}</strong></Cell>
                <Cell>{formatWhen(a.registTimeMillis, i18n.language)}</Cell>
                <Cell className="adm-opt">
                  {a.updatedTimeMillis > a.registTimeMillis ? formatWhen(a.updatedTimeMillis, i18n.language) : <span className="adm-muted">—</span>}
                </Cell>
                <Cell className="adm-col-actions">
                  <RowActions
                    label={t("admin.actionsFor", { title: a.title })}
                    onAction={(id) => (id === "delete" ? void remove(a) : setEditing(a))}
                    items={[
                      { id: "edit", label: t("admin.menu.edit") },
                      { id: "delete", label: t("admin.menu.delete"), danger: true },
                    ]}
                  />
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
        {list.data && list.data.totalElements > 0 && (
          <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={list.data.totalElements} onPage={setPage} />
        )}
      </div>

      {editing && <AnnouncementEditDialog announcement={editing === "new" ? undefined : editing}
        key={editing === "new" ? "new" : editing.id} onClose={() => setEditing(null)} />}
    </>
  );
}
