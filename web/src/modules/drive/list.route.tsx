// The drive's list (001 §2, §4): a folder, recent (with its windows), important, search, my shares, shared
// with me (and folders inside it), and the trash (deletion time instead of used time). Above the table: the
// toolbar (title, search, the view's own controls), breadcrumbs of a folder, fast access on the home, the bulk
// actions of the selection; below it the pages (10 a page, blocks of 5).
import { createLazyRoute, useMatch, useNavigate, useParams } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DRIVE_PAGE_SIZE, folderIdOf, SPECIAL_FOLDERS, TRASH_DAYS } from "@shared/drive/constants.ts";
import { ApiError } from "../../lib/api.ts";
import { defaultQuery, itemQuery, listQuery, rootsQuery } from "./queries.ts";
import { type DriveAction, drivePaths, type DriveView, parseAction, parsePage } from "./params.ts";
import { failed } from "./errors.ts";
import { Toolbar } from "./list/Toolbar.tsx";
import { Breadcrumbs } from "./list/Breadcrumbs.tsx";
import { FastAccess } from "./list/FastAccess.tsx";
import { BulkBar } from "./list/BulkBar.tsx";
import { FileTable } from "./list/FileTable.tsx";
import { Pager } from "./list/Pager.tsx";
import type { ListParams } from "./api.ts";

export const FolderRoute = createLazyRoute("/app/drive/$folderId/$page")({ component: DriveList });
export const FolderActionRoute = createLazyRoute("/app/drive/$folderId/$page/$actionObj")({ component: DriveList });
export const ShareRoute = createLazyRoute("/app/drive/share/$page")({ component: DriveList });
export const ShareActionRoute = createLazyRoute("/app/drive/share/$page/$actionObj")({ component: DriveList });
export const SharedRoute = createLazyRoute("/app/drive/shared/$folderId/$page")({ component: DriveList });
export const SharedActionRoute = createLazyRoute("/app/drive/shared/$folderId/$page/$actionObj")({ component: DriveList });

export interface ListContext {
  view: DriveView;
  /** The numeric folder of the list (a special one is negative). */
  folderId: number;
  /** The listed folder when it is a real one. */
  trash: boolean;
  shared: boolean;
  /** May add and change items here (own folder, or a shared folder with write permission). */
  writable: boolean;
  home: boolean;
}

function DriveList() {
  const { t } = useTranslation("drive");
  const navigate = useNavigate();
  // The rendered match's path, not the location's: while a navigation is pending the location is already the
  // next one, and reading it with this match's params took /drive/share/1 → /drive/{trash}/1 for folder 0 (its
  // list answered 404, and the screen went home).
  const path = useMatch({ strict: false, select: (m) => m.pathname });
  const params = useParams({ strict: false }) as { folderId?: string; page: string; actionObj?: string };
  const view: DriveView = path.startsWith("/drive/share/")
    ? { kind: "share" }
    : path.startsWith("/drive/shared/")
    ? { kind: "shared", folder: params.folderId ?? "-3" }
    : { kind: "folder", folder: params.folderId ?? "" };
  const page = parsePage(params.page);
  const action = useMemo(() => parseAction(params.actionObj), [params.actionObj]);
  const folderId = view.kind === "share" ? SPECIAL_FOLDERS.share : view.kind === "shared" ? Number(view.folder) : folderIdOf(view.folder) ?? 0;
  const roots = useQuery(rootsQuery).data;
  const home = useQuery(defaultQuery).data;
  const folder = useQuery({ ...itemQuery(folderId), enabled: folderId > 0 }).data;
  const trash = !!folder && folder.fileType === "DELETED";
  const shared = view.kind === "shared";
  const lp: ListParams = {
    folderId,
    shared,
    page: page - 1,
    pageSize: DRIVE_PAGE_SIZE,
    sort: action.sort,
    dir: action.dir,
    searchWord: folderId === SPECIAL_FOLDERS.search ? action.searchWord : undefined,
    days: folderId === SPECIAL_FOLDERS.recent ? action.days : undefined,
  };
  const list = useQuery(listQuery(lp));
  const permission = list.data?.permission ?? 0;
  const writable = !trash && (view.kind === "folder" ? folderId > 0 : shared && folderId > 0 && permission === 3);
  const ctx: ListContext = { view, folderId, trash, shared, writable, home: !!home && folderId === home.id };
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const listKey = `${path}`;
  useEffect(() => setSelected(new Set()), [listKey]);
  useEffect(() => {
    if (!list.error) return;
    failed(list.error instanceof ApiError && list.error.status >= 500 ? new ApiError(list.error.status, "drive.65") : list.error);
    if (list.error instanceof ApiError && list.error.status === 404) void navigate({ to: "/drive", replace: true });
  }, [list.error]);
  const totalPages = list.data?.list.totalPages ?? 0;
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > 1 && page > totalPages) {
      void navigate({ ...drivePaths.of(view, Math.max(1, totalPages), action), replace: true });
    }
  }, [list.data, page, totalPages]);

  const items = list.data?.list.content ?? [];
  const title = view.kind === "share"
    ? t("side.myShares")
    : trash
    ? t("side.trash")
    : folderId === SPECIAL_FOLDERS.recent
    ? t("side.recent")
    : folderId === SPECIAL_FOLDERS.important
    ? t("side.important")
    : folderId === SPECIAL_FOLDERS.search
    ? t("search.resultsFor", { word: action.searchWord ?? "" })
    : shared && folderId < 0
    ? t("side.sharedWithMe")
    : folder?.parentId === null || folder?.fileType === "ROOT"
    ? t("side.myDrive")
    : folder?.fileName ?? "";
  const go = (next: DriveAction, nextPage = 1) => void navigate(drivePaths.of(view, nextPage, next));
  const defaultSort = trash ? "deleteTimeMillis" : "usedTimeMillis";

  return (
    <div className="dr-list-screen">
      <Toolbar ctx={ctx} title={title} total={list.data?.list.totalElements} action={action} onAction={go} roots={roots} />
      {folderId > 0 && !trash && <Breadcrumbs folderId={folderId} shared={shared} />}
      {trash && <p className="dr-note">{t("trash.note", { days: TRASH_DAYS })}</p>}
      {ctx.home && page === 1 && !action.sort && <FastAccess />}
      <BulkBar ctx={ctx} items={items.filter((i) => selected.has(i.id))} onDone={() => setSelected(new Set())} />
      <div className="dr-list-body" data-main-content aria-busy={list.isFetching || undefined}>
        <FileTable
          ctx={ctx}
          items={items}
          sort={action.sort ?? defaultSort}
          dir={action.dir ?? "desc"}
          selected={selected}
          onSelect={setSelected}
          onSort={(sort, dir) => go({ ...action, sort, dir })}
          loading={list.isPending}
          empty={action.searchWord ? t("search.none") : trash ? t("trash.isEmpty") : t("list.empty")}
        />
      </div>
      <Pager page={page} totalPages={totalPages} onPage={(p) => go(action, p)} />
    </div>
  );
}
