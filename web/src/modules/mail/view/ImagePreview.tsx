// The image preview dialog (000 §2 "image preview"): one attachment image at a time, the arrow keys or the
// buttons move between the mail's images, Escape closes.
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { MailAttachItem } from "@shared/mail/reading.ts";
import { Button } from "../../../ui/Button.tsx";
import { Icon } from "../../../ui/icons.tsx";
import { MailIcon } from "../icons.tsx";

export function ImagePreview({ images, index, onIndex, onClose, onDownload }: {
  images: MailAttachItem[];
  index: number;
  onIndex(i: number): void;
  onClose(): void;
  onDownload(item: MailAttachItem): void;
}) {
  const { t } = useTranslation("mail");
  const item = images[index];
  if (!item) return null;
  const go = (d: number) => onIndex((index + d + images.length) % images.length);

  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="modal-overlay mr-preview-overlay">
      <Modal className="modal mr-preview-modal">
        <Dialog className="dialog mr-preview" aria-label={t("view.attach.previewTitle", { name: item.name })}>
          {/* The arrow keys move between images wherever the focus is inside the dialog. */}
          <div
            className="mr-preview-body"
            onKeyDown={(e) => {
              if (images.length < 2) return;
              if (e.key === "ArrowRight") go(1);
              else if (e.key === "ArrowLeft") go(-1);
            }}
          >
          <div className="mr-preview-head">
            <Heading slot="title" className="mr-preview-title">{item.name}</Heading>
            <span className="mr-muted">{images.length > 1 ? `${index + 1} / ${images.length}` : ""}</span>
            <Button variant="ghost" className="mr-small-btn" onPress={() => onDownload(item)}>
              <MailIcon name="download" size={16} />
              {t("view.attach.downloadShort")}
            </Button>
            <Button variant="ghost" className="mr-icon-btn" aria-label={t("view.close")} onPress={onClose}>
              <Icon name="close" size={18} />
            </Button>
          </div>
          <div className="mr-preview-stage">
            {images.length > 1 && (
              <Button variant="secondary" className="mr-icon-btn" aria-label={t("view.attach.prevImage")} onPress={() => go(-1)}>
                <MailIcon name="chevronLeft" size={20} />
              </Button>
            )}
            <img className="mr-preview-img" src={item.url} alt={item.name} />
            {images.length > 1 && (
              <Button variant="secondary" className="mr-icon-btn" aria-label={t("view.attach.nextImage")} onPress={() => go(1)}>
                <MailIcon name="chevronRight" size={20} />
              </Button>
            )}
          </div>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
