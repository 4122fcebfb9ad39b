// Attachments of a draft (POST document/file, one call per file, with its progress): at most 20 files, 25 MB
// each, 100 MB per document (002 §9 limits in shared/approval/constants.ts, counted with the document's other
// files); a file too large or one too many is refused before sending, a failed upload says why; cancel stops
// one in flight. Used for the document's files and for an attachments field.
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileTrigger } from "react-aria-components";
import { FILE_MAX_BYTES, FILES_MAX, FILES_TOTAL_MAX_BYTES } from "@shared/approval/constants.ts";
import type { ApprovalFile } from "@shared/approval/documents.ts";
import { Button } from "../../../ui/Button.tsx";
import { formatBytes } from "../../../lib/bytes.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { uploadFile } from "./api.ts";

interface Sending {
  id: number;
  name: string;
  size: number;
  sent: number;
  ctl: AbortController;
}

let nextId = 1;

export function Uploader({ label, files, onChange, others }: {
  label: string;
  files: ApprovalFile[];
  onChange(update: (files: ApprovalFile[]) => ApprovalFile[]): void;
  /** The document's other files (the limits count them too). */
  others: { count: number; bytes: number };
}) {
  const { t, i18n } = useTranslation("approval");
  const [sending, setSending] = useState<Sending[]>([]);
  const [message, setMessage] = useState("");
  const inFlight = useRef(0);
  const fmt = (n: number) => formatBytes(n, i18n.language);

  function add(list: File[]) {
    setMessage("");
    let count = others.count + files.length + inFlight.current;
    let bytes = others.bytes + files.reduce((s, f) => s + f.size, 0) + sending.reduce((s, f) => s + f.size, 0);
    const refused: string[] = [];
    for (const file of list) {
      if (file.size > FILE_MAX_BYTES) {
        refused.push(t("draft.fileTooLarge", { name: file.name, max: fmt(FILE_MAX_BYTES) }));
        continue;
      }
      if (count + 1 > FILES_MAX || bytes + file.size > FILES_TOTAL_MAX_BYTES) {
        refused.push(t("draft.tooManyFiles", { name: file.name, count: FILES_MAX, max: fmt(FILES_TOTAL_MAX_BYTES) }));
        continue;
      }
      count++;
      bytes += file.size;
      send(file);
    }
    if (refused.length) setMessage(refused.join(" "));
  }

  function send(file: File) {
    const s: Sending = { id: nextId++, name: file.name, size: file.size, sent: 0, ctl: new AbortController() };
    inFlight.current++;
    setSending((p) => [...p, s]);
    uploadFile(file, (sent) => setSending((p) => p.map((x) => (x.id === s.id ? { ...x, sent } : x))), s.ctl.signal)
      .then((f) => onChange((prev) => [...prev, f]))
      .catch((e) => {
        if (!s.ctl.signal.aborted) setMessage(t("draft.uploadFailed", { name: file.name, reason: errorText(codeOf(e)) }));
      })
      .finally(() => {
        inFlight.current--;
        setSending((p) => p.filter((x) => x.id !== s.id));
      });
  }

  return (
    <div className="ad-uploader" role="group" aria-label={label}>
      <FileTrigger allowsMultiple onSelect={(fl) => fl && add([...fl])}>
        <Button variant="secondary">{t("draft.attach")}</Button>
      </FileTrigger>
      <span className="ad-muted">{t("draft.fileLimits", { count: FILES_MAX, each: fmt(FILE_MAX_BYTES), total: fmt(FILES_TOTAL_MAX_BYTES) })}</span>
      {(files.length > 0 || sending.length > 0) && (
        <ul className="ad-files" aria-label={t("draft.fileList", { label })}>
          {files.map((f) => (
            <li key={f.id} className="ad-file">
              <span className="ad-file-name">{f.name}</span>
              <span className="ad-muted">{fmt(f.size)}</span>
              <Button variant="ghost" className="ad-icon-btn" aria-label={t("draft.removeFile", { name: f.name })}
                onPress={() => onChange((prev) => prev.filter((x) => x.id !== f.id))}>✕</Button>
            </li>
          ))}
          {sending.map((s) => (
            <li key={`s${s.id}`} className="ad-file">
              <span className="ad-file-name">{s.name}</span>
              <progress max={s.size || 1} value={s.sent} aria-label={t("draft.uploading", { name: s.name })} />
              <Button variant="ghost" className="ad-icon-btn" aria-label={t("draft.cancelUpload", { name: s.name })}
                onPress={() => s.ctl.abort()}>✕</Button>
            </li>
          ))}
        </ul>
      )}
      {message && <p className="field-error" role="alert">{message}</p>}
    </div>
  );
}
