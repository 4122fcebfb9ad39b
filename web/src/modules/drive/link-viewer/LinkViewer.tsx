// The drive's viewer in the public share link page (share-viewer/viewers.ts, moduleType "drive"): what a
// visitor without an account sees once the link is open. A linked file: its kind icon, name, size and date,
// its download, and an image or PDF preview when its type has one (GET /api/drive-link/{id}/preview). A
// linked folder: its items (folders first; name, size, date), sub-folders opened in place with a path back up
// to the linked folder (never above it: the server answers nothing outside), a file's download, and pages of
// LINK_PAGE_SIZE. All calls carry the link's grant (api.ts). Opening the link counted one use of it (the
// share-links module's count and refusals); a grant past its lifetime, or a link deleted meanwhile, is
// refused with drive.link_grant_invalid, which offers to open the link again.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PREVIEW_IMAGE_TYPES } from "@shared/drive/constants.ts";
import type { DriveItem, DriveList } from "@shared/drive/items.ts";
import { PREVIEW_DOCUMENT_TYPES } from "@shared/drive/transfer.ts";
import { codeOf, paramsOf } from "../../../lib/api.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { saveUrl } from "../../../lib/download.ts";
import { errorText } from "../../../lib/i18n.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import type { LinkViewerProps } from "../../share-viewer/viewers.ts";
import { ICONS, KindIcon } from "../icons.tsx";
import { DEFAULT_LINK_SORT, downloadUrl, LINK_PAGE_SIZE, linkItems, type LinkSort, previewUrl } from "./api.ts";
import "./link-viewer.css";

const NS = ["driveLink", "driveErrors"];
const GRANT_GONE = "drive.link_grant_invalid";
const PREVIEWABLE = new Set<string>([...PREVIEW_IMAGE_TYPES, ...PREVIEW_DOCUMENT_TYPES]);
const isFolder = (i: DriveItem) => i.fileType === "DIRECTORY" || i.fileType === "ROOT";

interface Failure {
  code: string;
  params: Record<string, unknown>;
}
const failureOf = (e: unknown): Failure => ({ code: codeOf(e), params: paramsOf(e) });

export default function DriveLinkViewer({ grant }: LinkViewerProps) {
  const { t } = useTranslation(NS);
  /** The folders opened below the linked one, outermost first; empty: the linked item itself. */
  const [path, setPath] = useState<DriveItem[]>([]);
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<LinkSort>(DEFAULT_LINK_SORT);
  const [list, setList] = useState<DriveList | null>(null);
  const [linked, setLinked] = useState<DriveItem | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [downloadFailure, setDownloadFailure] = useState<Failure | null>(null);
  const [reload, setReload] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const folderId = path.at(-1)?.id;

  useEffect(() => {
    const ctl = new AbortController();
    setFailure(null);
    linkItems(grant, { folderId, page, sort }, ctl.signal).then((l) => {
      setList(l);
      if (folderId === undefined) setLinked(l.folder);
      if (moved.current) heading.current?.focus();
      moved.current = false;
    }, (e) => !ctl.signal.aborted && setFailure(failureOf(e)));
    return () => ctl.abort();
  }, [grant, folderId, page, sort, reload]);

  const go = (next: DriveItem[]) => {
    moved.current = true;
    setDownloadFailure(null);
    setPage(0);
    setPath(next);
  };

  /** Checks the grant still reaches the file (the answer of a refused download would be saved as a file), then saves it. */
  async function download(item: DriveItem) {
    setDownloadFailure(null);
    try {
      await linkItems(grant, { folderId: item.id });
      saveUrl(downloadUrl(grant, item.id), item.fileName);
    } catch (e) {
      setDownloadFailure(failureOf(e));
    }
  }

  if (failure) return <Refused failure={failure} onRetry={() => setReload((n) => n + 1)} />;
  if (!list?.folder || !linked) return <p className="link-muted" role="status">{t("loading")}</p>;
  const shown = list.folder;
  const refusal = downloadFailure && <Refused failure={downloadFailure} onRetry={() => setDownloadFailure(null)} inline />;
  if (!isFolder(shown)) return <LinkedFile item={shown} grant={grant} onDownload={download} refusal={refusal} />;
  return (
    <section className="dl-folder" aria-labelledby="dl-heading">
      <div className="dl-head">
        <KindIcon fileType="DIRECTORY" size={28} />
        <h2 id="dl-heading" ref={heading} tabIndex={-1} className="dl-title">{shown.fileName}</h2>
      </div>
      {path.length > 0 && (
        <nav className="dl-crumbs" aria-label={t("folder.path")}>
          <ol>
            {[linked, ...path].map((f, i) => (
              <li key={f.id}>
                {i === path.length
                  ? <span aria-current="page">{f.fileName}</span>
                  : <button type="button" className="dl-link" onClick={() => go(path.slice(0, i))}>{f.fileName}</button>}
              </li>
            ))}
          </ol>
        </nav>
      )}
      {refusal}
      <FolderTable list={list} sort={sort} onSort={(s) => {
        setPage(0);
        setSort(s);
      }} onOpen={(f) => go([...path, f])} onDownload={download} />
      <Pages page={page} total={list.list.totalPages} count={list.list.totalElements} onPage={(p) => {
        moved.current = true;
        setPage(p);
      }} />
    </section>
  );
}

function useFormats() {
  const { i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return { size: (n: number) => formatBytes(n, i18n.language), date: (ms: number) => date.format(ms) };
}

function LinkedFile({ item, grant, onDownload, refusal }: { item: DriveItem; grant: string; onDownload(i: DriveItem): void; refusal: React.ReactNode }) {
  const { t } = useTranslation(NS);
  const f = useFormats();
  const preview = PREVIEWABLE.has(item.extension);
  return (
    <section className="dl-file" aria-labelledby="dl-heading">
      <div className="dl-head">
        <KindIcon fileType={item.fileType} size={32} />
        <div className="dl-head-text">
          <h2 id="dl-heading" className="dl-title">{item.fileName}</h2>
          <p className="link-muted dl-meta">
            <span>{t(`kind.${item.fileType}`, { defaultValue: t("kind.file") })}</span>
            <span>{f.size(item.fileSize)}</span>
            <span>{f.date(item.usedTimeMillis)}</span>
          </p>
        </div>
      </div>
      {refusal}
      <button type="button" className="btn btn-primary dl-download" onClick={() => onDownload(item)}>
        <SvgIcon d={ICONS.download} size={18} />
        {t("file.download")}
      </button>
      {preview && (
        <figure className="dl-preview">
          {item.extension === "pdf"
            ? <iframe className="dl-preview-pdf" src={previewUrl(grant, item.id)} title={t("file.preview", { name: item.fileName })} />
            : <img className="dl-preview-img" src={previewUrl(grant, item.id)} alt={t("file.preview", { name: item.fileName })} />}
        </figure>
      )}
      {!preview && <p className="link-muted">{t("file.noPreview")}</p>}
    </section>
  );
}

function FolderTable({ list, sort, onSort, onOpen, onDownload }: {
  list: DriveList;
  sort: LinkSort;
  onSort(s: LinkSort): void;
  onOpen(f: DriveItem): void;
  onDownload(i: DriveItem): void;
}) {
  const { t } = useTranslation(NS);
  const f = useFormats();
  const items = list.list.content;
  /** A column heading that sorts by its field (again: the other way). */
  const head = (field: LinkSort["field"], label: string, className: string) => {
    const on = sort.field === field;
    return (
      <th scope="col" className={className} aria-sort={on ? (sort.dir === "desc" ? "descending" : "ascending") : undefined}>
        <button type="button" className="dl-sort" onClick={() => onSort({ field, dir: on && sort.dir === "asc" ? "desc" : "asc" })}>
          {label}
          {on && <span aria-hidden="true">{sort.dir === "desc" ? " ↓" : " ↑"}</span>}
        </button>
      </th>
    );
  };
  if (items.length === 0) return <p className="link-muted dl-empty">{t("folder.empty")}</p>;
  return (
    <table className="dl-table">
      <caption className="visually-hidden">{t("folder.caption", { name: list.folder?.fileName ?? "" })}</caption>
      <thead>
        <tr>
          {head("fileName", t("column.name"), "dl-col-name")}
          {head("fileSize", t("column.size"), "dl-col-size")}
          {head("usedTimeMillis", t("column.date"), "dl-col-date")}
          <th scope="col" className="dl-col-action"><span className="visually-hidden">{t("column.action")}</span></th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const folder = isFolder(item);
          const size = folder ? "" : f.size(item.fileSize);
          return (
            <tr key={item.id} data-item-id={item.id}>
              <td className="dl-col-name">
                <span className="dl-name">
                  <KindIcon fileType={item.fileType} />
                  <span className="dl-name-text">
                    {folder
                      ? <button type="button" className="dl-link" onClick={() => onOpen(item)}>{item.fileName}</button>
                      : <span>{item.fileName}</span>}
                    <span className="dl-meta-phone link-muted">{[size, f.date(item.usedTimeMillis)].filter(Boolean).join(" · ")}</span>
                  </span>
                </span>
              </td>
              <td className="dl-col-size">{size}</td>
              <td className="dl-col-date">{f.date(item.usedTimeMillis)}</td>
              <td className="dl-col-action">
                {!folder && (
                  <button type="button" className="dl-icon-btn" aria-label={t("file.downloadNamed", { name: item.fileName })}
                    title={t("file.download")} onClick={() => onDownload(item)}>
                    <SvgIcon d={ICONS.download} size={18} />
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Pages({ page, total, count, onPage }: { page: number; total: number; count: number; onPage(p: number): void }) {
  const { t } = useTranslation(NS);
  if (total <= 1) return null;
  const from = page * LINK_PAGE_SIZE + 1;
  const to = Math.min(count, (page + 1) * LINK_PAGE_SIZE);
  return (
    <nav className="dl-pages" aria-label={t("pages.label")}>
      <button type="button" className="btn btn-secondary" disabled={page <= 0} onClick={() => onPage(page - 1)}>{t("pages.prev")}</button>
      <span role="status">{t("pages.range", { from, to, count })}</span>
      <button type="button" className="btn btn-secondary" disabled={page >= total - 1} onClick={() => onPage(page + 1)}>{t("pages.next")}</button>
    </nav>
  );
}

/** A refused call: a grant past its lifetime (or a deleted link) offers to open the link again. */
function Refused({ failure, onRetry, inline }: { failure: Failure; onRetry(): void; inline?: boolean }) {
  const { t } = useTranslation(NS);
  const gone = failure.code === GRANT_GONE;
  return (
    <div className={inline ? "dl-refused dl-refused-inline" : "dl-refused"} role="alert">
      <p className="dl-refused-title">{gone ? t("refused.grantGone") : errorText(failure.code, failure.params)}</p>
      {gone && <p className="link-muted">{t("refused.grantGoneHelp")}</p>}
      {gone
        ? <button type="button" className="btn btn-secondary" onClick={() => globalThis.location.reload()}>{t("refused.reopen")}</button>
        : !inline && <button type="button" className="btn btn-secondary" onClick={onRetry}>{t("refused.retry")}</button>}
    </div>
  );
}
