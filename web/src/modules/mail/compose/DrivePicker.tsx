// "From drive" in the compose screen's attachments (issue 25): a dialog that browses the user's own drive —
// the root (GET api/drive/default), its folders with breadcrumbs, the recent files (folderId -1), a page at a
// time (GET api/drive/list) — where the user picks files (never folders or shortcuts) in any number of
// folders, then attaches them (useAttachments.addFromDrive: GET api/mail/drive/upload/{fileId} each). The
// files the server refused (mail.364, mail.365) stay chosen, with the reason, and the dialog stays open.
//
// The list is a react-aria GridList: arrow keys move between rows, Enter opens a folder or picks a file,
// Space picks a file. The drive's own web API (modules/drive/api.ts) is not imported: its download helpers
// bring the drive's transfer module into the mail island for two GET calls.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  Breadcrumb,
  Breadcrumbs,
  Button as AriaButton,
  Checkbox as AriaCheckbox,
  GridList,
  GridListItem,
  type Selection,
} from "react-aria-components";
import type { DriveItem, DriveList } from "@shared/drive/items.ts";
import { FOLDER_TYPES, SPECIAL_FOLDERS } from "@shared/drive/constants.ts";
import { api } from "../../../lib/api.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { MailIcon } from "../icons.tsx";

export const DRIVE_PICKER_PAGE_SIZE = 30;

const isFolder = (i: DriveItem) => (FOLDER_TYPES as readonly string[]).includes(i.fileType);
/** A file the mail can take: not a folder, not a shortcut. */
const isPickable = (i: DriveItem) => !isFolder(i) && !i.isShortcut;

type Where = { view: "folders"; path: { id: number; name: string }[] } | { view: "recent" };

export interface PickedFile {
  id: number;
  name: string;
  size: number;
}

export function DrivePicker({ onAttach, onClose }: {
  /** Attaches the files; answers those the server refused, with the reason. */
  onAttach(files: PickedFile[]): Promise<{ id: number; error: string }[]>;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation("mail");
  const [where, setWhere] = useState<Where>({ view: "folders", path: [] });
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState<Map<number, PickedFile>>(new Map());
  const [errors, setErrors] = useState<Map<number, string>>(new Map());
  const [busy, setBusy] = useState(false);

  const root = useQuery({
    queryKey: ["mail", "compose", "drive-picker", "default"],
    queryFn: ({ signal }) => api<DriveItem>("/api/drive/default", { signal }),
    staleTime: 60_000,
  });
  const folderId = where.view === "recent" ? SPECIAL_FOLDERS.recent : where.path.at(-1)?.id ?? root.data?.id;
  const listing = useQuery({
    queryKey: ["mail", "compose", "drive-picker", "list", folderId, page],
    queryFn: ({ signal }) =>
      api<DriveList>("/api/drive/list", { signal, query: { folderId: folderId!, page, pageSize: DRIVE_PICKER_PAGE_SIZE } }),
    enabled: folderId !== undefined,
    placeholderData: keepPreviousData,
  });
  const items = listing.data?.list.content ?? [];
  const totalPages = Math.max(listing.data?.list.totalPages ?? 1, 1);
  const loading = root.isPending || (listing.isPending && folderId !== undefined);
  const failed = root.isError || listing.isError;

  const go = (next: Where) => {
    setWhere(next);
    setPage(0);
  };
  const openFolder = (f: DriveItem) => go({ view: "folders", path: [...(where.view === "folders" ? where.path : []), { id: f.id, name: f.fileName }] });
  const toggle = (f: DriveItem, on = !picked.has(f.id)) =>
    setPicked((cur) => {
      const next = new Map(cur);
      if (on) next.set(f.id, { id: f.id, name: f.fileName, size: f.fileSize });
      else next.delete(f.id);
      return next;
    });
  const onSelection = (keys: Selection) => {
    // The rows of this page follow the GridList's choice; files picked in other folders stay picked.
    const all = keys === "all";
    for (const f of items.filter(isPickable)) {
      const on = all || (keys as Set<number>).has(f.id);
      if (on !== picked.has(f.id)) toggle(f, on);
    }
  };

  async function attach() {
    const files = [...picked.values()];
    if (!files.length) return;
    setBusy(true);
    try {
      const refused = await onAttach(files);
      if (!refused.length) return onClose();
      setPicked(new Map(files.filter((f) => refused.some((r) => r.id === f.id)).map((f) => [f.id, f])));
      setErrors(new Map(refused.map((r) => [r.id, r.error])));
    } finally {
      setBusy(false);
    }
  }

  const rootName = t("compose.drive.myDrive");
  const crumbs = where.view === "recent"
    ? [{ id: "recent", name: t("compose.drive.recent"), go: () => go({ view: "recent" }) }]
    : [
      { id: "root", name: rootName, go: () => go({ view: "folders", path: [] }) },
      ...where.path.map((p, n) => ({ id: String(p.id), name: p.name, go: () => go({ view: "folders", path: where.path.slice(0, n + 1) }) })),
    ];
  const place = crumbs.at(-1)!.name;
  const refusedNames = [...errors.entries()].map(([id, error]) => ({ name: picked.get(id)?.name ?? String(id), error }));

  return (
    <Dialog title={t("compose.drive.title")} isOpen onClose={busy ? undefined : onClose} width={640}>
      <div className="cmp-drive">
        <div className="cmp-drive-views" role="group" aria-label={t("compose.drive.views")}>
          <AriaButton className="btn btn-ghost cmp-small" aria-pressed={where.view === "folders"}
            onPress={() => go({ view: "folders", path: [] })}>
            <MailIcon name="folder" size={16} /> {rootName}
          </AriaButton>
          <AriaButton className="btn btn-ghost cmp-small" aria-pressed={where.view === "recent"} onPress={() => go({ view: "recent" })}>
            <MailIcon name="clock" size={16} /> {t("compose.drive.recent")}
          </AriaButton>
        </div>
        <nav aria-label={t("compose.drive.location")}>
          <Breadcrumbs className="cmp-drive-crumbs" items={crumbs}>
            {(c) => (
              <Breadcrumb id={c.id} className="cmp-drive-crumb">
                {({ isCurrent }) =>
                  isCurrent
                    ? <span aria-current="page">{c.name}</span>
                    : <AriaButton className="cmp-drive-crumb-link" onPress={c.go}>{c.name}</AriaButton>}
              </Breadcrumb>
            )}
          </Breadcrumbs>
        </nav>

        {loading
          ? <p className="cmp-muted cmp-drive-note" role="status">{t("compose.loading")}</p>
          : failed
          ? <p className="cmp-drive-note cmp-drive-error" role="alert">{t("compose.drive.loadFailed")}</p>
          : (
            <GridList
              className="cmp-drive-list"
              aria-label={t("compose.drive.listOf", { place })}
              items={items}
              selectionMode="multiple"
              selectionBehavior="toggle"
              disabledKeys={items.filter((i) => !isPickable(i)).map((i) => i.id)}
              disabledBehavior="selection"
              selectedKeys={new Set(items.filter((i) => picked.has(i.id)).map((i) => i.id))}
              onSelectionChange={onSelection}
              onAction={(key) => {
                const item = items.find((i) => i.id === key);
                if (!item || item.isShortcut) return;
                if (isFolder(item)) openFolder(item);
                else toggle(item);
              }}
              renderEmptyState={() => (
                <p className="cmp-muted cmp-drive-note">{where.view === "recent" ? t("compose.drive.noRecent") : t("compose.drive.empty")}</p>
              )}
            >
              {(item) => {
                const folder = isFolder(item);
                return (
                  <GridListItem id={item.id} textValue={item.fileName}
                    className={`cmp-drive-row${folder ? " cmp-drive-folder" : ""}${item.isShortcut ? " cmp-drive-shortcut" : ""}`}>
                    {isPickable(item)
                      ? (
                        <AriaCheckbox slot="selection" className="cmp-drive-check">
                          <span className="cmp-drive-box" aria-hidden="true"><svg viewBox="0 0 18 18"><polyline points="3.5 9.5 7.5 13 14.5 5" /></svg></span>
                        </AriaCheckbox>
                      )
                      : <span className="cmp-drive-check" />}
                    <MailIcon name={folder ? "folder" : item.isShortcut ? "forward" : "attach"} size={16} />
                    <span className="cmp-drive-name" title={item.fileName}>{item.fileName}</span>
                    <span className="cmp-muted cmp-drive-meta">
                      {folder ? t("compose.drive.folder") : item.isShortcut ? t("compose.drive.shortcut") : formatBytes(item.fileSize, i18n.language)}
                    </span>
                  </GridListItem>
                );
              }}
            </GridList>
          )}

        {totalPages > 1 && (
          <div className="cmp-drive-pages">
            <Button variant="ghost" className="cmp-small" isDisabled={page === 0} onPress={() => setPage((p) => p - 1)}>
              {t("compose.drive.previous")}
            </Button>
            <span className="cmp-muted" aria-live="polite">{t("compose.drive.page", { page: page + 1, total: totalPages })}</span>
            <Button variant="ghost" className="cmp-small" isDisabled={page + 1 >= totalPages} onPress={() => setPage((p) => p + 1)}>
              {t("compose.drive.next")}
            </Button>
          </div>
        )}

        {refusedNames.length > 0 && (
          <div role="alert">
            <ul className="cmp-drive-refused">
              {refusedNames.map((r) => <li key={r.name}>{t("compose.drive.refused", { name: r.name, error: r.error })}</li>)}
            </ul>
          </div>
        )}

        <div className="dialog-actions cmp-drive-actions">
          <span className="cmp-muted cmp-drive-count" aria-live="polite">{t("compose.drive.picked", { count: picked.size })}</span>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>{t("compose.cancel")}</Button>
          <Button onPress={() => void attach()} isDisabled={busy || picked.size === 0}>
            {busy ? t("compose.drive.attaching") : t("compose.drive.attach", { count: picked.size })}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
