// The preview of an image (jpg, jpeg, png, gif, bmp) or a PDF in the browser (GET {id}/preview with a download
// ticket, 001 §9; the PDF in a frame, shown by the browser's viewer), with its download.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { DriveItem } from "@shared/drive/items.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import * as driveApi from "../api.ts";
import { driveErrorText } from "../errors.ts";
import { downloadItems } from "../actions.ts";

export function PreviewDialog({ item, onClose }: { item: DriveItem; onClose(): void }) {
  const { t } = useTranslation("drive");
  const shown = useQuery({
    queryKey: ["drive", "preview", item.id, item.usedTimeMillis],
    queryFn: () => driveApi.previewUrl(item.id),
    gcTime: 0,
    staleTime: Infinity,
  });
  const url = shown.data;
  const pdf = item.extension === "pdf";
  return (
    <Dialog title={item.fileName} isOpen onClose={onClose} width={pdf ? 900 : 760}>
      <div className="dr-preview">
        {shown.error && <p className="dr-error" role="alert">{driveErrorText(shown.error)}</p>}
        {!url && !shown.error && <p className="dr-muted">{t("preview.loading")}</p>}
        {url && (pdf
          ? <iframe className="dr-preview-pdf" src={url} title={item.fileName} />
          : <img className="dr-preview-img" src={url} alt={item.fileName} />)}
      </div>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={() => void downloadItems([item])}>{t("action.download")}</Button>
        <Button onPress={onClose}>{t("common:action.close")}</Button>
      </div>
    </Dialog>
  );
}
