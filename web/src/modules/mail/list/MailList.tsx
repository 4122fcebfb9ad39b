// The mail list (issue 6 "List and view", 000 §3 "Mail list item", §4, §8): one page of a folder, a tag, a
// shared folder or a search, as an ARIA grid with selection, the toolbar's actions, read and star at once,
// day groups, paging, drag to the folder tree, and keyboard shortcuts. Alone on the list route, or beside
// the reader in split view, where openMailId marks the open row. New mail arrives through the layout's
// realtime refresh of the list queries. The SMART folder adds "All / Promotion / Social" above its rows
// (smart-category.ts keeps the choice) and a class badge on each row.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { MailFolder } from "@shared/mail/folders.ts";
import type { MailListItem } from "@shared/mail/reading.ts";
import { SEARCH_COUNT_CAP } from "@shared/mail/search.ts";
import { Button } from "../../../ui/Button.tsx";
import { ApiError } from "../../../lib/api.ts";
import { findFolder, flattenFolders, foldersQuery, mailKeys, mailListQuery } from "../queries.ts";
import { useMailConfig, useMailOpeners } from "../open.ts";
import { COMPOSE_TYPES, type FolderRef, type ListAction, mailPaths } from "../route-params.ts";
import { folderName } from "../folders/folder-meta.ts";
import { MAIL_DRAG_TYPE } from "../folders/move-mails.ts";
import { MailRow, showsRecipients } from "./MailRow.tsx";
import { ListToolbar } from "./ListToolbar.tsx";
import { ConfigDrawerButton } from "../config/drawer/ConfigDrawerButton.tsx";
import { Pager } from "./Pager.tsx";
import { ShortcutsButton, ShortcutsDialog } from "./ShortcutsHelp.tsx";
import { SmartCategoryFilter } from "./SmartCategoryFilter.tsx";
import { keepSmartCategoryOf, useSetSmartCategory, useSmartCategory } from "./smart-category.ts";
import { groupByDay } from "./format.ts";
import { isDraftRow } from "./neighbours.ts";
import { useListActions } from "./useListActions.ts";
import { useListSelection } from "./useListKeys.ts";
import { useToolbarFit } from "./toolbar-fit.ts";
import { takeRowToFocus } from "../focus-handoff.ts";
import "./list.css";

export interface MailListProps {
  folderId: FolderRef;
  page: number;
  action: ListAction;
  openMailId?: number;
}

const EMPTY_TEXT: Record<string, string> = {
  INBOX: "inbox", SENT: "sent", DRAFTS: "drafts", DELETED: "trash", SPAM: "spam", IMPORTANT: "starred", UNREAD: "unread",
  TOME: "tome", ATTACH: "attach", SMART: "smart",
};

/** The words of a search, for the header ("results for …"). */
function searchWords(s: NonNullable<ListAction["search"]>): string {
  const { query, querySubject, queryFrom, queryTo, queryCc, queryToCc, queryContent, queryAttach, querySubjectContent, querySubjectContentAttach } = s;
  return [query, querySubject, queryFrom, queryTo, queryCc, queryToCc, queryContent, queryAttach, querySubjectContent, querySubjectContentAttach]
    .filter(Boolean).join(" ");
}

export function MailList({ folderId, page, action, openMailId }: MailListProps) {
  const { t, i18n } = useTranslation("mail");
  const config = useMailConfig();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const openers = useMailOpeners();
  const tree = useQuery(foldersQuery).data;
  const folder: MailFolder | undefined = findFolder(tree, folderId);
  // The SMART folder of the user's own mailbox lists one smart-mailbox class at a time when one is chosen.
  const isSmart = folder?.folderType === "SMART" && !action.search && !action.ownerId;
  useEffect(() => keepSmartCategoryOf(folderId), [folderId]);
  const storedCategory = useSmartCategory(folderId);
  const setStoredCategory = useSetSmartCategory(folderId);
  const category = isSmart ? storedCategory : undefined;
  const list = useQuery(mailListQuery(folderId, page, action, config.pageSize, category));
  const [helpOpen, setHelpOpen] = useState(false);
  const actions = useListActions(folderId, action, folder);
  const actionKey = JSON.stringify(action) + (category ?? "");
  const mails = useMemo(() => list.data?.mails ?? [], [list.data]);
  const sel = useListSelection(mails, `${folderId}|${page}|${actionKey}`, openMailId);
  const chooseCategory = (c: typeof category) => {
    setStoredCategory(c);
    // Another class is another list: it starts on its first page.
    if (page > 1) void navigate(mailPaths.list(folderId, 1, action));
  };

  const tagColors = useMemo(() => {
    const map = new Map<string, string | null>();
    for (const f of flattenFolders(tree ?? [])) if (f.folderType === "TAG" && f.tag) map.set(f.tag, f.color);
    return map;
  }, [tree]);

  // Row callbacks stay the same between renders (rows are memoised); they read the current props here.
  const latest = useRef({ openers, folderId, page, action, folderType: folder?.folderType, actions });
  latest.current = { openers, folderId, page, action, folderType: folder?.folderType, actions };
  const open = useCallback((m: MailListItem) => {
    const l = latest.current;
    if (isDraftRow(m, l.folderType)) l.openers.openCompose(l.folderId, l.page, { type: COMPOSE_TYPES.DRAFT, mailId: m.mailId });
    else l.openers.openMail(l.folderId, l.page, { mailId: m.mailId }, l.action);
  }, []);

  // The toolbar stays one row: labels give way to icons when they do not fit (toolbar-fit.ts).
  const section = useRef<HTMLElement>(null);
  useToolbarFit(section);

  // Split view with first-mail preview: the first mail opens once the list has loaded and none is open.
  const firstOpened = useRef<string | null>(null);
  useEffect(() => {
    const key = `${folderId}|${page}|${actionKey}`;
    if (!config.splitView || !config.showFirstMail || openMailId !== undefined || list.isPlaceholderData) return;
    if (firstOpened.current === key) return;
    const first = mails.find((m) => !isDraftRow(m, folder?.folderType));
    if (!first) return;
    firstOpened.current = key;
    // In split view reading is the view route (the opening rules); replacing the list address keeps Back
    // from landing on the list that would open the first mail again.
    void navigate({ ...mailPaths.view(folderId, page, { mailId: first.mailId }, action), replace: true });
  }, [config.splitView, config.showFirstMail, openMailId, mails, list.isPlaceholderData]);

  // Back from the reader (its "back to list" link, the browser's Back) the focus is lost: the row of the mail
  // just read takes it, so the keys go on from there (focus-handoff.ts). Not beside the reader (split view).
  const focusChecked = useRef(false);
  useEffect(() => {
    if (focusChecked.current || openMailId !== undefined || !list.data || list.isPlaceholderData) return;
    focusChecked.current = true;
    const id = takeRowToFocus();
    const i = id === null ? -1 : mails.findIndex((m) => m.mailId === id);
    if (i >= 0) sel.focusRow(i);
  }, [list.data, list.isPlaceholderData, openMailId]);

  // A page past the end (its last mails moved away) goes to the last page there is.
  useEffect(() => {
    const d = list.data;
    if (d && !list.isPlaceholderData && d.mails.length === 0 && page > 1 && d.totalPages > 0 && page > d.totalPages) {
      void navigate({ ...mailPaths.list(folderId, d.totalPages, action), replace: true });
    }
  }, [list.data, list.isPlaceholderData, page]);

  const onStar = useCallback((m: MailListItem) => void latest.current.actions.setStar([m], m.importantStatus !== 1), []);
  const onDragStart = useCallback((e: React.DragEvent, m: MailListItem) => {
    const rows = sel.selected.has(m.mailId) ? sel.selectedRows : [m];
    e.dataTransfer.setData(MAIL_DRAG_TYPE, JSON.stringify({
      mailIds: rows.map((r) => r.mailId),
      folderId,
      // For the drop's confirmations (starred or scheduled to Trash, the Sent rule): list/move-rules.ts.
      mailTypes: rows.map((r) => r.mailType),
      importantStatus: rows.map((r) => r.importantStatus),
    }));
    e.dataTransfer.setData("text/plain", rows.map((r) => r.subject).join("\n"));
    e.dataTransfer.effectAllowed = "move";
  }, [sel.selected, sel.selectedRows, folderId]);

  const toggleRead = (rows: MailListItem[]) => void actions.setRead(rows, rows.some((m) => m.readStatus === 0));
  const keyHandlers = {
    open,
    // Replying to and forwarding a shared folder's mail is not offered (the reader hides them too): the
    // compose prefill reads only the user's own mails.
    reply: (m: MailListItem, all: boolean) => {
      if (!action.ownerId) openers.openCompose(folderId, page, { type: all ? COMPOSE_TYPES.REPLY_ALL : COMPOSE_TYPES.REPLY, mailId: m.mailId });
    },
    forward: (rows: MailListItem[]) => {
      if (!action.ownerId) openers.openCompose(folderId, page, { type: COMPOSE_TYPES.FORWARD, mailIds: rows.map((m) => m.mailId) });
    },
    remove: (rows: MailListItem[]) => void actions.remove(rows),
    toggleRead,
    toggleStar: (rows: MailListItem[]) => void actions.setStar(rows, rows.some((m) => m.importantStatus !== 1)),
    help: () => setHelpOpen(true),
  };

  const data = list.data;
  const title = action.search
    ? t("list.header.searchResults", { query: searchWords(action.search) })
    : folder
    ? folderName(folder, t)
    : t("list.header.mailbox");
  const total = data
    ? data.totalCapped
      ? `${new Intl.NumberFormat(i18n.language).format(SEARCH_COUNT_CAP)}+`
      : new Intl.NumberFormat(i18n.language).format(data.totalElements)
    : "";
  const loadFailed = list.isError && !data;
  /** A folder that is not there (deleted, or a foreign or mistyped id): trying again cannot help. */
  const missing = loadFailed && list.error instanceof ApiError && list.error.status === 404;
  const emptyKey = action.search ? "search" : EMPTY_TEXT[folder?.folderType ?? ""] ?? "default";
  const emptyText = category ? t(`list.smart.empty.${category}`) : t(`list.empty.${emptyKey}`);

  const renderRow = (m: MailListItem, index: number) => (
    <MailRow
      key={m.mailId}
      mail={m}
      index={index}
      selected={sel.selected.has(m.mailId)}
      focused={index === sel.focus}
      open={m.mailId === openMailId}
      recipientsView={showsRecipients(folder?.folderType, m)}
      showCategory={isSmart}
      tagColors={tagColors}
      onSelect={sel.select}
      onStar={onStar}
      onOpen={open}
      onFocusRow={sel.setFocus}
      onDragStart={onDragStart}
      draggable={!action.ownerId}
      starEditable={actions.canEdit}
    />
  );

  return (
    <section ref={section} className="mail-list" aria-labelledby="mail-list-title" data-split={openMailId !== undefined || undefined}>
      <header className="mail-list-head">
        <h2 id="mail-list-title" className="mail-list-title">{title}</h2>
        {/* A search's count is in the search result bar above the list (search/SearchResultBar.tsx). */}
        {data && !action.search && (
          <span className="mail-list-count" aria-live="polite">
            {t("list.header.count", { count: data.totalElements, total })}
          </span>
        )}
        {action.ownerId && !actions.canEdit && tree && <span className="mail-list-readonly">{t("list.header.readOnly")}</span>}
      </header>
      <ListToolbar
        folder={folder}
        tree={tree}
        pageMails={mails}
        selected={sel.selectedRows}
        actions={actions}
        isSearch={!!action.search}
        onSelectAll={sel.selectAll}
        onRefresh={() => {
          void qc.invalidateQueries({ queryKey: mailKeys.lists });
          void qc.invalidateQueries({ queryKey: mailKeys.folders });
        }}
        helpButton={<><ShortcutsButton onOpen={() => setHelpOpen(true)} /><ConfigDrawerButton /></>}
      />
      {isSmart && <SmartCategoryFilter value={category} onChange={chooseCategory} />}
      {sel.selectedRows.length > 0 && (
        <div className="mail-selection-note" role="status">{t("list.toolbar.selected", { count: sel.selectedRows.length })}</div>
      )}
      {loadFailed
        ? (
          <div className="mail-list-state" role="alert">
            {missing
              ? (
                <>
                  <p>{t("list.error.notFound")}</p>
                  <Link className="mail-list-home" to="/mail">{t("list.error.home")}</Link>
                </>
              )
              : (
                <>
                  <p>{t(action.ownerId ? "list.error.shared" : "list.error.load")}</p>
                  <Button variant="secondary" onPress={() => void list.refetch()}>{t("list.error.retry")}</Button>
                </>
              )}
          </div>
        )
        : list.isPending
        ? (
          <div className="mail-list-skeleton" role="status" aria-busy="true" aria-label={t("list.loading")}>
            {Array.from({ length: 8 }, (_, i) => <div key={i} className="mail-skeleton-row" />)}
          </div>
        )
        : mails.length === 0
        ? <div className="mail-list-state"><p>{emptyText}</p></div>
        : (
          <div
            role="grid"
            className="mail-grid"
            aria-labelledby="mail-list-title"
            aria-multiselectable="true"
            aria-rowcount={mails.length}
            aria-describedby="mail-list-keys-hint"
            aria-busy={list.isFetching && list.isPlaceholderData ? true : undefined}
            onKeyDown={(e) => sel.onKeyDown(e, keyHandlers)}
            onFocus={sel.onFocus}
          >
            {config.groupView
              ? groupByDay(mails).map((g) => (
                <div role="rowgroup" key={g.group + g.mails[0].mailId} className="mail-group">
                  <div role="row" className="mail-group-head">
                    <div role="columnheader" aria-colspan={4}>{t(`list.group.${g.group}`)}</div>
                  </div>
                  {g.mails.map((m) => renderRow(m, mails.indexOf(m)))}
                </div>
              ))
              : mails.map(renderRow)}
          </div>
        )}
      <p id="mail-list-keys-hint" className="visually-hidden">{t("list.keys.hint")}</p>
      {data && <Pager folderId={folderId} page={page} totalPages={data.totalPages} action={action} />}
      <ShortcutsDialog isOpen={helpOpen} onClose={() => setHelpOpen(false)} />
    </section>
  );
}
