// An attachment of a document: its name and size, saved from the page with the bearer token.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { ApprovalFile } from "@shared/approval/documents.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { saveBlob } from "../../../lib/download.ts";
import { documentFile } from "../api.ts";
import { failed } from "../errors.ts";

export function FileLink({ docId, file }: { docId: number; file: ApprovalFile }) {
  const { t, i18n } = useTranslation("approval");
  const [busy, setBusy] = useState(false);
  return (
    <AriaButton className="ap-file" isDisabled={busy} aria-label={t("doc.download", { name: file.name })} onPress={async () => {
      setBusy(true);
      try {
        const { blob, name } = await documentFile(docId, file.id, file.name);
        saveBlob(blob, name);
      } catch (e) {
        failed(e);
      } finally {
        setBusy(false);
      }
    }}>
      <span className="ap-file-name">{file.name}</span>
      <span className="ap-muted">{formatBytes(file.size, i18n.language)}</span>
    </AriaButton>
  );
}
