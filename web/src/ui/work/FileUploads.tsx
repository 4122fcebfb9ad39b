// A piece of work's files (to-do's item detail, flow's tasks): the files kept, each with download and delete,
// and a queue of new files uploaded one after another (002 §4: WAITING → UPLOADING → COMPLETE, handed to the
// caller 500 ms after it completed; a cancel goes back to WAITING, held until "retry", and a failure to FAIL with
// its text, loaded reset to 0 both ways). Size and name length are checked before anything is sent. Files come
// from the picker or dropped on the section. The caller gives the upload (lib/upload.ts's handle with progress
// and abort) and the texts of its own errors; the rest: common:work.files.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileTrigger, ProgressBar } from "react-aria-components";
import { formatBytes } from "../../lib/bytes.ts";
import type { UploadHandle } from "../../lib/upload.ts";
import { Button } from "../Button.tsx";
import { FileDrop } from "../FileDrop.tsx";
import { Icon } from "../icons.tsx";
import "./work.css";

export interface UploadedFileView {
  key: number | string;
  name: string;
  size: number;
  deletable: boolean;
}

export type UploadState = "WAITING" | "UPLOADING" | "COMPLETE" | "FAIL";

/** 002 §4: the completed state is handed over this long after the upload ends. */
export const COMPLETE_HANDOVER_MS = 500;

export interface FileUploadsTexts {
  /** The file is over maxBytes (not sent). */
  tooLarge: string;
  /** The name is over nameMax characters (not sent). */
  nameTooLong: string;
  /** filesMax reached. */
  tooMany?: string;
  /** Why an upload failed (413, 507, …). */
  failed(error: unknown): string;
}

export interface FileUploadsProps<T> {
  files: UploadedFileView[];
  canUpload: boolean;
  upload(file: File, onProgress: (loaded: number) => void): UploadHandle<T>;
  maxBytes: number;
  nameMax: number;
  filesMax?: number;
  texts: FileUploadsTexts;
  /** An upload's answer, COMPLETE_HANDOVER_MS after it completed (the caller adds it to `files`). */
  onUploaded(result: T): void;
  onDownload(file: UploadedFileView): void;
  /** The caller asks for confirmation if it wants one, and tells why a delete failed. */
  onDelete(file: UploadedFileView): Promise<unknown>;
  headingLevel?: 2 | 3;
}

interface Queued {
  qid: number;
  file: File;
  name: string;
  size: number;
  state: UploadState;
  loaded: number;
  /** A cancelled upload waits for "retry". */
  held: boolean;
  error: string | null;
  /** Refused before sending (size, name): no retry. */
  invalid: boolean;
}

let seq = 0;

export function FileUploads<T>(props: FileUploadsProps<T>) {
  const { files, canUpload, maxBytes, nameMax, filesMax, texts, onDownload, onDelete, headingLevel = 2 } = props;
  const { t, i18n } = useTranslation("common");
  const [queue, setQueue] = useState<Queued[]>([]);
  const handle = useRef<{ qid: number; h: UploadHandle<T> } | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const H = `h${headingLevel}` as const;
  const size = (n: number) => formatBytes(n, i18n.language);

  const patch = useCallback((qid: number, p: Partial<Queued>) => setQueue((q) => q.map((x) => (x.qid === qid ? { ...x, ...p } : x))), []);

  // One upload at a time: when none runs, the first waiting file that is not held starts.
  useEffect(() => {
    if (queue.some((x) => x.state === "UPLOADING")) return;
    const next = queue.find((x) => x.state === "WAITING" && !x.held);
    if (!next) return;
    const h = latest.current.upload(next.file, (loaded) => patch(next.qid, { loaded: Math.min(loaded, next.size) }));
    handle.current = { qid: next.qid, h };
    patch(next.qid, { state: "UPLOADING", loaded: 0, error: null });
    h.promise.then(
      (result) => {
        if (handle.current?.qid !== next.qid) return; // cancelled meanwhile
        handle.current = null;
        patch(next.qid, { state: "COMPLETE", loaded: next.size });
        setTimeout(() => {
          latest.current.onUploaded(result);
          setQueue((q) => q.filter((x) => x.qid !== next.qid));
        }, COMPLETE_HANDOVER_MS);
      },
      (e) => {
        if (handle.current?.qid !== next.qid) return; // cancelled: already back to waiting
        handle.current = null;
        patch(next.qid, { state: "FAIL", loaded: 0, error: latest.current.texts.failed(e) });
      },
    );
  }, [queue, patch]);

  // Leaving the screen stops what is still uploading.
  useEffect(() => () => handle.current?.h.abort(), []);

  function add(list: File[]) {
    const room = filesMax === undefined ? Infinity : filesMax - files.length - queue.filter((x) => !x.invalid).length;
    let taken = 0;
    const added = list.map((file): Queued => {
      const name = file.name.normalize("NFC");
      const base = { qid: ++seq, file, name, size: file.size, loaded: 0, held: false };
      if (file.size > maxBytes) return { ...base, state: "FAIL", error: texts.tooLarge, invalid: true };
      if ([...name].length > nameMax) return { ...base, state: "FAIL", error: texts.nameTooLong, invalid: true };
      if (taken >= room) return { ...base, state: "FAIL", error: texts.tooMany ?? texts.failed(null), invalid: true };
      taken++;
      return { ...base, state: "WAITING", error: null, invalid: false };
    });
    if (added.length) setQueue((q) => [...q, ...added]);
  }

  function cancel(qid: number) {
    if (handle.current?.qid === qid) {
      const h = handle.current.h;
      handle.current = null;
      h.abort();
    }
    patch(qid, { state: "WAITING", held: true, loaded: 0 });
  }

  const remove = (qid: number) => setQueue((q) => q.filter((x) => x.qid !== qid));
  const retry = (qid: number) => patch(qid, { state: "WAITING", held: false, loaded: 0, error: null });

  const stateText = (x: Queued) =>
    x.state === "FAIL" ? x.error ?? "" : x.state === "COMPLETE" ? t("work.files.complete") : x.held ? t("work.files.cancelled") : t("work.files.waiting");

  const body = (
    <>
      <div className="wk-section-head">
        <H className="wk-section-title">{t("work.files.label")}</H>
        <span className="wk-muted">{filesMax ? t("work.files.countOf", { count: files.length, max: filesMax }) : t("work.files.count", { count: files.length })}</span>
        <span className="wk-spacer" />
        {canUpload && (
          <FileTrigger allowsMultiple onSelect={(l) => add(l ? [...l] : [])}>
            <Button variant="secondary" className="wk-small">{t("work.files.pick")}</Button>
          </FileTrigger>
        )}
      </div>
      {queue.length > 0 && (
        <ul className="wk-file-list" aria-label={t("work.files.queue")}>
          {queue.map((x) => (
            <li key={x.qid} className="wk-file" data-state={x.state}>
              <span className="wk-file-name" title={x.name}>{x.name}</span>
              <span className="wk-muted wk-file-size">{size(x.size)}</span>
              {x.state === "UPLOADING" || x.state === "COMPLETE"
                ? (
                  <ProgressBar className="wk-file-progress" aria-label={t("work.files.uploading", { name: x.name })}
                    value={Math.min(x.loaded, x.size)} maxValue={Math.max(x.size, 1)}>
                    {({ percentage }) => {
                      const pct = Math.min(100, Math.round(percentage ?? 0));
                      return (
                        <>
                          <span className="wk-progress-track"><span className="wk-progress-fill" style={{ width: `${pct}%` }} /></span>
                          <span className="wk-muted">{pct}%</span>
                        </>
                      );
                    }}
                  </ProgressBar>
                )
                : <span className={x.state === "FAIL" ? "wk-file-state wk-error" : "wk-file-state wk-muted"} role={x.state === "FAIL" ? "alert" : undefined}>{stateText(x)}</span>}
              <span className="wk-file-actions">
                {x.state === "UPLOADING" && <Button variant="ghost" className="wk-small" onPress={() => cancel(x.qid)}>{t("work.files.cancel")}</Button>}
                {!x.invalid && (x.state === "FAIL" || (x.state === "WAITING" && x.held)) && (
                  <Button variant="ghost" className="wk-small" onPress={() => retry(x.qid)}>{t("work.files.retry")}</Button>
                )}
                {x.state !== "UPLOADING" && x.state !== "COMPLETE" && (
                  <Button variant="ghost" className="wk-icon-btn" aria-label={t("work.files.removeQueued", { name: x.name })} onPress={() => remove(x.qid)}>
                    <Icon name="close" size={16} />
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {files.length === 0 && queue.length === 0 && <p className="wk-muted wk-empty">{canUpload ? t("work.files.dropHint") : t("work.files.empty")}</p>}
      {files.length > 0 && (
        <ul className="wk-file-list" aria-label={t("work.files.uploaded")}>
          {files.map((f) => (
            <li key={f.key} className="wk-file">
              <Button variant="ghost" className="wk-file-name wk-link" aria-label={t("work.files.download", { name: f.name })} onPress={() => onDownload(f)}>
                {f.name}
              </Button>
              <span className="wk-muted wk-file-size">{size(f.size)}</span>
              <span className="wk-file-actions">
                {f.deletable && (
                  <Button variant="ghost" className="wk-icon-btn" aria-label={t("work.files.delete", { name: f.name })}
                    onPress={() => void onDelete(f).catch(() => undefined)}>
                    <Icon name="close" size={16} />
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
  return canUpload
    ? (
      <section className="wk-section wk-files" aria-label={t("work.files.label")}>
        <FileDrop className="wk-drop" label={t("work.files.dropArea")} onFiles={add}>{body}</FileDrop>
      </section>
    )
    : <section className="wk-section wk-files" aria-label={t("work.files.label")}>{body}</section>;
}
