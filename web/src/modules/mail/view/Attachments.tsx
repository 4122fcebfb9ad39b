// The attachments of an opened mail: a download link each (the item's url carries the inline token, so it
// works without the bearer header), "download all", and a preview of images (000 §9 preview image types).
// Inline images the body already shows (cid:) are left out. An attached message (.eml, message/rfc822) gets an
// "open" action when the reader offers one (onOpenMessage).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MailAttachItem } from "@shared/mail/reading.ts";
import { Button } from "../../../ui/Button.tsx";
import { MailIcon } from "../icons.tsx";
import { formatBytes } from "../../../lib/bytes.ts";
import { saveUrl } from "../../../lib/download.ts";
import { ImagePreview } from "./ImagePreview.tsx";
import { isMessageAttachment } from "./AttachedMessage.tsx";

/** 000 §9 "Preview image types". */
export const PREVIEW_TYPES = ["jpg", "jpeg", "png", "gif", "bmp"];

export const canPreview = (name: string) => PREVIEW_TYPES.includes(name.split(".").pop()?.toLowerCase() ?? "");

const download = (item: MailAttachItem) => saveUrl(item.url, item.name);

export function Attachments({ items, onOpenMessage, onSaveToDrive }: {
  items: MailAttachItem[];
  onOpenMessage?: (position: number) => void;
  /** "Save to drive" per file (the own mailbox, with the drive: save-to-drive.ts). */
  onSaveToDrive?: ((item: MailAttachItem) => void) | null;
}) {
  const { t, i18n } = useTranslation("mail");
  const [preview, setPreview] = useState<number | null>(null);
  if (!items.length) return null;
  const images = items.filter((a) => canPreview(a.name));
  const total = items.reduce((n, a) => n + a.size, 0);

  const downloadAll = async () => {
    for (const item of items) {
      download(item);
      await new Promise((r) => setTimeout(r, 400));
    }
  };

  return (
    <section className="mr-attach" aria-label={t("view.attach.title")}>
      <div className="mr-attach-head">
        <MailIcon name="attach" size={16} />
        <span className="mr-attach-title">{t("view.attach.count", { count: items.length })}</span>
        <span className="mr-muted">{formatBytes(total, i18n.language)}</span>
        {items.length > 1 && (
          <Button variant="ghost" className="mr-small-btn" onPress={() => void downloadAll()}>
            <MailIcon name="download" size={16} />
            {t("view.attach.downloadAll")}
          </Button>
        )}
      </div>
      <ul className="mr-attach-list">
        {items.map((a) => (
          <li key={a.position} className="mr-attach-item">
            <a className="mr-attach-name" href={a.url} download={a.name} aria-label={t("view.attach.download", { name: a.name })}>
              <MailIcon name="download" size={16} />
              <span>{a.name}</span>
            </a>
            <span className="mr-muted">{formatBytes(a.size, i18n.language)}</span>
            {onOpenMessage && isMessageAttachment(a) && (
              <Button variant="ghost" className="mr-small-btn" aria-label={t("view.attached.open", { name: a.name })}
                onPress={() => onOpenMessage(a.position)}>
                <MailIcon name="read" size={16} />
                {t("view.attached.openShort")}
              </Button>
            )}
            {onSaveToDrive && (
              <Button variant="ghost" className="mr-small-btn" aria-label={t("view.attach.saveToDrive", { name: a.name })}
                onPress={() => onSaveToDrive(a)}>
                <MailIcon name="download" size={16} />
                {t("view.attach.saveToDriveShort")}
              </Button>
            )}
            {canPreview(a.name) && (
              <Button variant="ghost" className="mr-small-btn" aria-label={t("view.attach.preview", { name: a.name })}
                onPress={() => setPreview(images.indexOf(a))}>
                <MailIcon name="image" size={16} />
                {t("view.attach.previewShort")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {preview !== null && <ImagePreview images={images} index={preview} onIndex={setPreview} onClose={() => setPreview(null)} onDownload={download} />}
    </section>
  );
}
