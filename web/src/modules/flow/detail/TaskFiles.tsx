// A task's files (002 §3 "File", §4 "Upload", §8 texts): ui/work's queue (one after another, WAITING →
// UPLOADING → COMPLETE handed over 500 ms later, FAIL with its text), the 200-character and 25 MB checks before
// sending ("파일의 이름은 200글자 이하여야 합니다.", "업로드 가능한 파일 크기는 25MB입니다."), the server's 413 / 507
// texts and "업로드에 실패했습니다." otherwise; download through the session, delete, and each file opened in the
// attachment viewer (/flow/projects/{p}/tasks/{t}/file/{f}/view).
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { FILE_MAX_BYTES, FILE_NAME_MAX, FILES_MAX } from "@shared/flow/constants.ts";
import type { TaskFile } from "@shared/flow/task-details.ts";
import type { FlowTask } from "@shared/flow/tasks.ts";
import { ApiError, codeOf, downloadName } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { saveBlob } from "../../../lib/download.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { FileUploads, type UploadedFileView } from "../../../ui/work/FileUploads.tsx";
import * as flowApi from "../api.ts";
import { flowErrorText } from "../errors.ts";
import { fileViewerPath } from "../paths.ts";
import type { TaskDetailActions } from "./use-task-detail.ts";

/** The text of a failed upload: 413 and 507 by their codes (or status), anything else "업로드에 실패했습니다.". */
export function uploadFailedText(e: unknown): string {
  const code = codeOf(e);
  if (code === "flow.file_too_large" || (e instanceof ApiError && e.status === 413)) return errorText("flow.file_too_large");
  if (code === "flow.insufficient_space" || (e instanceof ApiError && e.status === 507)) return errorText("flow.insufficient_space");
  if (code === "flow.file_name_too_long" || code === "flow.files_max") return errorText(code);
  return flowErrorText(null, "detail.failed.upload");
}

export function TaskFiles({ task, canEdit, actions }: { task: FlowTask; canEdit: boolean; actions: TaskDetailActions }) {
  const { t } = useTranslation("flow");
  const files = task.files ?? [];
  const views: UploadedFileView[] = files.map((f) => ({ key: f.fileId, name: f.name, size: f.size, deletable: canEdit }));

  async function download(v: UploadedFileView) {
    const f = files.find((x) => x.fileId === v.key);
    if (!f) return;
    try {
      const res = await flowApi.taskFileBytes(f.url);
      if (!res.ok) throw new Error(String(res.status));
      saveBlob(await res.blob(), downloadName(res, f.name));
    } catch (e) {
      snackbar("ERROR", flowErrorText(e, "detail.failed.fileDownload"));
    }
  }

  return (
    <div className="fl-detail-files">
      <FileUploads<TaskFile>
        files={views}
        canUpload={canEdit}
        upload={(file, onProgress) => flowApi.uploadTaskFile(task.projectId, task.id, file, onProgress)}
        maxBytes={FILE_MAX_BYTES}
        nameMax={FILE_NAME_MAX}
        filesMax={FILES_MAX}
        headingLevel={3}
        texts={{
          tooLarge: t("detail.files.tooLarge"),
          nameTooLong: errorText("flow.file_name_too_long"),
          tooMany: errorText("flow.files_max"),
          failed: uploadFailedText,
        }}
        onUploaded={actions.fileUploaded}
        onDownload={(v) => void download(v)}
        onDelete={async (v) => {
          if (await confirm({ message: t("detail.files.confirmDelete", { name: v.name }), confirmLabel: t("common.delete"), danger: true })) {
            await actions.deleteFile(Number(v.key)).catch(() => undefined);
          }
        }} />
      {files.length > 0 && (
        <ul className="fl-file-views" aria-label={t("detail.files.viewList")}>
          {files.map((f) => (
            <li key={f.fileId}>
              <Link to={fileViewerPath(task.projectId, task.id, f.fileId) as "/flow"} className="fl-file-view-link">
                {t(f.isEml ? "detail.files.viewMail" : "detail.files.view", { name: f.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
