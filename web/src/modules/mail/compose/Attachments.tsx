// The attachment section of the compose screen: a file picker button (react-aria FileTrigger), the files with
// per-file progress (a labelled progress bar while uploading), cancel while uploading, remove, retry after a
// failure, and the normal / large file switch; totals against the limits (20 files, 20 MB normal). Files may
// also be dropped anywhere on the compose screen (Composer's DropZone). When the company puts large files
// behind a password (isLargeAttPw), the password for this mail's large files is set under them (the
// secure-mail rule: 5+ letters and digits, no spaces); the sender passes it on to the recipients. When the
// company uses the drive, "from drive" beside the file picker opens DrivePicker (files of the user's drive).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Button as AriaButton, FileTrigger, ProgressBar } from "react-aria-components";
import { MAX_ATTACHMENTS, NORMAL_ATTACHMENT_TOTAL } from "@shared/mail/constants.ts";
import { MailIcon } from "../icons.tsx";
import { Icon } from "../../../ui/icons.tsx";
import { formatBytes } from "../../../lib/bytes.ts";
import { TextField } from "../../../ui/TextField.tsx";
import { securePasswordValid } from "./ComposeOptions.tsx";
import type { Attachment } from "./state.ts";
import type { useAttachments } from "./useAttachments.ts";
import { DrivePicker } from "./DrivePicker.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { isInstalled } from "../../../app/modules.ts";

export function Attachments({ list, ops, largePassword }: {
  list: Attachment[];
  ops: ReturnType<typeof useAttachments>;
  /** Given when large files need a password: its value, and whether to show its error. */
  largePassword?: { value: string; onChange(v: string): void; showErrors: boolean };
}) {
  const { t, i18n } = useTranslation("mail");
  const formatSize = (bytes: number) => formatBytes(bytes, i18n.language);
  const normal = list.filter((a) => a.uploadType !== "large").reduce((s, a) => s + a.size, 0);
  const large = list.filter((a) => a.uploadType === "large").reduce((s, a) => s + a.size, 0);
  /** As the reader's "save to drive": the company uses the drive (and this installation has its screens). */
  const drive = (useQuery(userDetailQuery).data?.usedModules.includes("drive") ?? false) && isInstalled("drive");
  const [picking, setPicking] = useState(false);

  return (
    <section className="cmp-attach" aria-label={t("compose.attachments")}>
      <div className="cmp-attach-head">
        <FileTrigger allowsMultiple onSelect={(files) => ops.add(files ? [...files] : [])}>
          <AriaButton className="btn btn-secondary cmp-attach-pick">
            <MailIcon name="attach" size={16} /> {t("compose.attachFiles")}
          </AriaButton>
        </FileTrigger>
        {drive && (
          <AriaButton className="btn btn-secondary cmp-attach-pick" onPress={() => setPicking(true)}>
            <Icon name="drive" size={16} /> {t("compose.drive.open")}
          </AriaButton>
        )}
        <span className="cmp-muted">
          {t("compose.attachSummary", {
            count: list.length, max: MAX_ATTACHMENTS, normal: formatSize(normal), normalMax: formatSize(NORMAL_ATTACHMENT_TOTAL),
          })}
          {large > 0 && ` · ${t("compose.largeSummary", { size: formatSize(large) })}`}
        </span>
        <span className="cmp-muted cmp-attach-drop-hint">{t("compose.dropHint")}</span>
      </div>
      {list.length > 0 && (
        <ul className="cmp-attach-list">
          {list.map((a) => (
            <li key={a.key} className={`cmp-file${a.error ? " cmp-file-error" : ""}`} data-status={a.status}>
              <span className="cmp-file-name" title={a.name}>{a.name}</span>
              <span className="cmp-muted cmp-file-size">{formatSize(a.size)}</span>
              <span className={`cmp-file-type cmp-file-${a.uploadType === "large" ? "large" : "normal"}`}>
                {a.uploadType === "large" ? t("compose.largeFile") : t("compose.normalFile")}
              </span>
              {a.status === 1
                ? (
                  <ProgressBar className="cmp-progress" aria-label={t("compose.uploading", { name: a.name })} value={a.loaded} maxValue={Math.max(a.size, 1)}>
                    {({ percentage }) => (
                      <>
                        <span className="cmp-progress-track"><span className="cmp-progress-fill" style={{ width: `${percentage ?? 0}%` }} /></span>
                        <span className="cmp-muted">{Math.round(percentage ?? 0)}%</span>
                      </>
                    )}
                  </ProgressBar>
                )
                : (
                  <span className="cmp-file-status" role="status">
                    {a.status === 2 ? t("compose.uploaded") : a.error ? a.error : t("compose.notUploaded")}
                  </span>
                )}
              <span className="cmp-file-actions">
                {a.status === 1 && (
                  <AriaButton className="btn btn-ghost cmp-small" onPress={() => ops.cancel(a.key)}>
                    {t("compose.cancelUpload")}
                  </AriaButton>
                )}
                {a.status === 0 && a.file && (
                  <AriaButton className="btn btn-ghost cmp-small" onPress={() => ops.retry(a.key)}>{t("compose.upload")}</AriaButton>
                )}
                {a.status !== 1 && (
                  <AriaButton className="btn btn-ghost cmp-small" onPress={() => void ops.toggleType(a.key)}>
                    {a.uploadType === "large" ? t("compose.makeNormal") : t("compose.makeLarge")}
                  </AriaButton>
                )}
                <AriaButton className="icon-button cmp-small" aria-label={t("compose.removeFile", { name: a.name })} onPress={() => ops.remove(a.key)}>
                  <Icon name="close" size={16} />
                </AriaButton>
              </span>
            </li>
          ))}
        </ul>
      )}
      {large > 0 && largePassword && (
        <div className="cmp-large-pw">
          <TextField label={t("compose.largePassword")} type="password" value={largePassword.value} onChange={largePassword.onChange}
            autoComplete="new-password" description={t("compose.largePasswordRule")}
            errorMessage={largePassword.showErrors && !securePasswordValid(largePassword.value) ? t("compose.securePasswordInvalid") : undefined} />
        </div>
      )}
      {picking && <DrivePicker onAttach={ops.addFromDrive} onClose={() => setPicking(false)} />}
    </section>
  );
}
