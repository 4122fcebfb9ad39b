// The announcement list (10 a page, newest first, new ones marked) and the view of one announcement, in one
// modal dialog whose content switches, so focus stays inside while the user goes back and forth.
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { type Announcement, ANNOUNCEMENT_DIALOG_PAGE_SIZE } from "@shared/announcements.ts";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import type { AnnouncementView } from "./AnnouncementsButton.tsx";
import { announcementListQuery, announcementQuery, formatWhen } from "./queries.ts";
import "./announcements.css";

export default function AnnouncementDialogs({ view, onView, onClose }: {
  view: AnnouncementView;
  onView(v: AnnouncementView): void;
  onClose(): void;
}) {
  const { t } = useTranslation("announcements");
  const [page, setPage] = useState(0);
  const one = useQuery({ ...announcementQuery(view.kind === "view" ? view.id : 0), enabled: view.kind === "view" });
  const title = view.kind === "view" && one.data ? one.data.title : t("list.title");
  return (
    <Dialog title={title} isOpen onClose={onClose} width={640}>
      {view.kind === "list"
        ? <ListBody page={page} onPage={setPage} onOpen={(id) => onView({ kind: "view", id })} />
        : <ViewBody query={one} />}
      <div className="dialog-actions">
        {view.kind === "view" && <Button variant="secondary" onPress={() => onView({ kind: "list" })}>{t("view.back")}</Button>}
        <Button variant={view.kind === "view" ? "primary" : "secondary"} onPress={onClose}>{t("view.close")}</Button>
      </div>
    </Dialog>
  );
}

function ListBody({ page, onPage, onOpen }: { page: number; onPage(p: number): void; onOpen(id: number): void }) {
  const { t, i18n } = useTranslation("announcements");
  const list = useQuery(announcementListQuery(page, ANNOUNCEMENT_DIALOG_PAGE_SIZE));
  const items = list.data?.content ?? [];
  const pages = list.data?.totalPages ?? 0;
  if (list.isLoading) return <p className="ann-note">{t("list.loading")}</p>;
  if (list.isError) return <p className="ann-note" role="alert">{t("list.loadFailed")}</p>;
  if (items.length === 0) return <p className="ann-note">{t("list.empty")}</p>;
  return (
    <>
      <ul className="ann-list" aria-label={t("list.label")} aria-busy={list.isFetching || undefined}>
        {items.map((a) => (
          <li key={a.id}>
            <AriaButton className="ann-item" onPress={() => onOpen(a.id)}>
              <span className="ann-item-title">
                {a.isNew && <span className="ann-new">{t("list.new")}</span>}
                <span>{a.title}</span>
              </span>
              <span className="ann-item-date">{formatWhen(a.registTimeMillis, i18n.language)}</span>
            </AriaButton>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="ann-pager" aria-label={t("pager.label")}>
          <Button variant="ghost" isDisabled={page <= 0} onPress={() => onPage(page - 1)}>{t("pager.previous")}</Button>
          <span aria-live="polite">{t("pager.position", { page: page + 1, pages })}</span>
          <Button variant="ghost" isDisabled={page >= pages - 1} onPress={() => onPage(page + 1)}>{t("pager.next")}</Button>
        </nav>
      )}
    </>
  );
}

function ViewBody({ query }: { query: UseQueryResult<Announcement> }) {
  const { t, i18n } = useTranslation("announcements");
  const ref = useRef<HTMLElement>(null);
  const a = query.data;
  // The title changes with the content: move focus to the announcement so it is read from the start.
  useEffect(() => {
    if (a) ref.current?.focus();
  }, [a?.id]);
  if (query.isLoading) return <p className="ann-note">{t("view.loading")}</p>;
  if (!a) return <p className="ann-note" role="alert">{t("view.loadFailed")}</p>;
  return (
    <article className="ann-view" ref={ref} tabIndex={-1} aria-label={a.title}>
      <p className="ann-meta">
        {a.isNew && <span className="ann-new">{t("list.new")}</span>}
        <span>{t("view.registered", { date: formatWhen(a.registTimeMillis, i18n.language) })}</span>
        {a.updatedTimeMillis > a.registTimeMillis && (
          <span>{t("view.updated", { date: formatWhen(a.updatedTimeMillis, i18n.language) })}</span>
        )}
      </p>
      {/* Sanitised by the server (sanitize-html) when it was written. */}
      <div className="ann-contents" dangerouslySetInnerHTML={{ __html: a.contents }} />
    </article>
  );
}
