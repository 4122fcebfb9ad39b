// The item's files (002 §3 "File", §4 "Upload", §5): ui/work's upload queue with to-do's upload (POST
// detail/file/upload, uploadType DETAIL_FILE, one after another, progress and cancel), 25 MB and 200-character
// checks before sending, the 413 / 507 texts, download through the session (GET detail/file/{key}) and delete
// (002 §8 "파일을 삭제하지 못했습니다", 404 "해당 파일이 존재하지 않습니다.").
import { useTranslation } from "react-i18next";
import { FILE_MAX_BYTES, FILE_NAME_MAX, FILES_MAX } from "@shared/todo/constants.ts";
import type { ItemFile } from "@shared/todo/details.ts";
import { errorText } from "../../../lib/i18n.ts";
import { downloadName } from "../../../lib/api.ts";
import { saveBlob } from "../../../lib/download.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { FileUploads, type UploadedFileView } from "../../../ui/work/FileUploads.tsx";
import * as todoApi from "../api.ts";
import { detailErrorText } from "./feedback.ts";
import type { DetailActions } from "./use-detail.ts";

export function DetailFiles({ itemId, boardId, files, canEdit, actions }: {
  itemId: number;
  boardId: number;
  files: ItemFile[];
  canEdit: boolean;
  actions: DetailActions;
}) {
  const { t } = useTranslation("todo");
  const views: UploadedFileView[] = files.map((f) => ({ key: f.key, name: f.name, size: f.size, deletable: canEdit }));

  async function download(v: UploadedFileView) {
    const f = files.find((x) => x.key === v.key);
    if (!f) return;
    try {
      const res = await todoApi.itemFileBytes(f.url);
      saveBlob(await res.blob(), downloadName(res, f.name));
    } catch (e) {
      snackbar("ERROR", detailErrorText(e, "fileDownload"));
    }
  }

  return (
    <div className="td-detail-section">
      <FileUploads<ItemFile>
        files={views}
        canUpload={canEdit}
        upload={(file, onProgress) => todoApi.uploadItemFile(itemId, boardId, file, onProgress)}
        maxBytes={FILE_MAX_BYTES}
        nameMax={FILE_NAME_MAX}
        filesMax={FILES_MAX}
        texts={{
          tooLarge: errorText("todo.file_too_large"),
          nameTooLong: errorText("todo.file_name_too_long"),
          tooMany: errorText("todo.files_max"),
          failed: (e) => detailErrorText(e, "upload"),
        }}
        onUploaded={actions.fileUploaded}
        onDownload={(v) => void download(v)}
        onDelete={async (v) => {
          if (await confirm({ message: t("detail.confirmDeleteFile", { name: v.name }), confirmLabel: t("detail.delete"), danger: true })) {
            await actions.deleteFile(Number(v.key));
          }
        }} />
      {canEdit && <p className="wk-muted td-detail-hint">{t("detail.filesRule")}</p>}
    </div>
  );
}
