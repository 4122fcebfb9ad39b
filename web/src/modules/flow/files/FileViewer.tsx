// The attachment viewer (002 §2): a task's file shown by its type — an image as an image, a PDF in the browser's
// own viewer (a frame of the bytes' blob URL, as the drive's preview shows PDFs), a .eml as a mail (GET
// file/{id}/view/eml: subject, from, to, cc, date, its sanitised HTML in a sandboxed frame like the mail
// reader's, the attachments listed), anything else as a download. The file is found in the task (GET
// projects/{p}/tasks/{t}); a file or task that is not there says so.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TaskFile } from "@shared/flow/task-details.ts";
import { downloadName } from "../../../lib/api.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { saveBlob } from "../../../lib/download.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import * as flowApi from "../api.ts";
import { flowErrorText } from "../errors.ts";
import { tasksPath } from "../paths.ts";
import { taskQuery } from "../queries.ts";
import { EmlViewer } from "./EmlViewer.tsx";
import "./viewer.css";

type Kind = "image" | "pdf" | "eml" | "other";
const kindOf = (f: TaskFile): Kind =>
  f.isEml ? "eml" : f.contentType.startsWith("image/") ? "image" : f.contentType === "application/pdf" || /\.pdf$/i.test(f.name) ? "pdf" : "other";

export function FileViewer({ projectId, taskId, fileId }: { projectId: number | null; taskId: number | null; fileId: number | null }) {
  const { t } = useTranslation("flow");
  const task = useQuery({ ...taskQuery(projectId ?? 0, taskId ?? 0), enabled: projectId !== null && taskId !== null });
  const file = task.data?.files?.find((f) => f.fileId === fileId);
  const missing = projectId === null || taskId === null || fileId === null || task.isError || (task.data && !file);

  return (
    <div className="fl-screen fl-viewer">
      <header className="fl-viewer-head">
        <h1 className="fl-viewer-title">{file?.name ?? t("files.title")}</h1>
        {projectId !== null && taskId !== null && (
          <Link to={tasksPath(projectId, { taskId }) as "/flow"} className="fl-viewer-back">{t("files.backToTask")}</Link>
        )}
      </header>
      {task.isPending && !missing && <p className="fl-muted fl-pad">{t("common.loading")}</p>}
      {missing && <p className="fl-error fl-pad" role="alert">{task.isError ? flowErrorText(task.error, "files.notFound") : t("files.notFound")}</p>}
      {file && projectId !== null && taskId !== null && (
        <FileBody file={file} kind={kindOf(file)} projectId={projectId} taskId={taskId} />
      )}
    </div>
  );
}

function FileBody({ file, kind, projectId, taskId }: { file: TaskFile; kind: Kind; projectId: number; taskId: number }) {
  const { t, i18n } = useTranslation("flow");
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (kind !== "image" && kind !== "pdf") return;
    let url: string | null = null;
    let live = true;
    flowApi.taskFileBytes(file.url)
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        // The browser's PDF viewer needs the type on the blob.
        const blob = new Blob([await res.arrayBuffer()], { type: kind === "pdf" ? "application/pdf" : file.contentType });
        if (!live) return;
        url = URL.createObjectURL(blob);
        setBlobUrl(url);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.url, file.contentType, kind]);

  const download = async () => {
    try {
      const res = await flowApi.taskFileBytes(file.url);
      if (!res.ok) throw new Error(String(res.status));
      saveBlob(await res.blob(), downloadName(res, file.name));
    } catch (e) {
      snackbar("ERROR", flowErrorText(e, "detail.failed.fileDownload"));
    }
  };

  return (
    <div className="fl-viewer-body">
      <p className="fl-viewer-meta">
        <span className="fl-muted">{formatBytes(file.size, i18n.language)}</span>
        <Button variant="secondary" className="wk-small" onPress={() => void download()}>{t("files.download")}</Button>
      </p>
      {failed && <p className="fl-error" role="alert">{t("files.loadFailed")}</p>}
      {kind === "image" && blobUrl && <img className="fl-viewer-image" src={blobUrl} alt={file.name} />}
      {kind === "pdf" && blobUrl && <iframe className="fl-viewer-pdf" src={blobUrl} title={t("files.pdfFrame", { name: file.name })} />}
      {kind === "eml" && <EmlViewer projectId={projectId} taskId={taskId} file={file} />}
      {kind === "other" && <p className="fl-muted">{t("files.noPreview")}</p>}
    </div>
  );
}
