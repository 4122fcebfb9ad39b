// The post's attachments: a file picker (react-aria FileTrigger) and the files with their progress while
// uploading (a labelled progress bar), cancel while uploading, remove, and upload again after a failure. Files
// may also be dropped anywhere on the form (FileDrop around it). "n / 10" counts against FILES_PER_POST.
import { useTranslation } from "react-i18next";
import { Button as AriaButton, FileTrigger, ProgressBar } from "react-aria-components";
import { FILES_PER_POST } from "@shared/board/constants.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { Icon } from "../../../ui/icons.tsx";
import type { AttachmentOps } from "./useAttachments.ts";

export function Attachments({ ops }: { ops: AttachmentOps }) {
  const { t, i18n } = useTranslation("board");
  const size = (n: number) => formatBytes(n, i18n.language);
  const { list } = ops;
  return (
    <section className="bw-files" aria-label={t("write.files.label")}>
      <div className="bw-files-head">
        <FileTrigger allowsMultiple onSelect={(files) => ops.add(files ? [...files] : [])}>
          <AriaButton className="btn btn-secondary bw-small" isDisabled={list.length >= FILES_PER_POST}>{t("write.files.pick")}</AriaButton>
        </FileTrigger>
        <span className="bw-muted">{t("write.files.count", { count: list.length, max: FILES_PER_POST })}</span>
        <span className="bw-muted bw-drop-hint">{t("write.files.dropHint")}</span>
      </div>
      {list.length > 0 && (
        <ul className="bw-file-list">
          {list.map((a) => (
            <li key={a.key} className={`bw-file${a.error ? " bw-file-error" : ""}`} data-status={a.status}>
              <span className="bw-file-name" title={a.name}>{a.name}</span>
              <span className="bw-muted bw-file-size">{size(a.size)}</span>
              {a.status === 1
                ? (
                  <ProgressBar className="bw-progress" aria-label={t("write.files.uploading", { name: a.name })} value={a.loaded}
                    maxValue={Math.max(a.size, 1)}>
                    {({ percentage }) => (
                      <>
                        <span className="bw-progress-track"><span className="bw-progress-fill" style={{ width: `${percentage ?? 0}%` }} /></span>
                        <span className="bw-muted">{Math.round(percentage ?? 0)}%</span>
                      </>
                    )}
                  </ProgressBar>
                )
                : (
                  <span className="bw-file-status">
                    {a.error ?? (a.status === 2 ? (a.kept ? t("write.files.attached") : t("write.files.uploaded")) : t("write.files.waiting"))}
                  </span>
                )}
              <span className="bw-file-actions">
                {a.status === 1 && (
                  <AriaButton className="btn btn-ghost bw-small" onPress={() => ops.cancel(a.key)}>{t("write.files.cancel")}</AriaButton>
                )}
                {a.error && a.file && (
                  <AriaButton className="btn btn-ghost bw-small" onPress={() => ops.retry(a.key)}>{t("write.files.retry")}</AriaButton>
                )}
                {a.status !== 1 && (
                  <AriaButton className="icon-button bw-small" aria-label={t("write.files.remove", { name: a.name })} onPress={() => ops.remove(a.key)}>
                    <Icon name="close" size={16} />
                  </AriaButton>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
