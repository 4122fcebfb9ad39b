// The folder pane on phones (000 §2 "Shell parts for mail" on small screens): a menu button in the top bar's
// lead slot opens the same folder pane (write buttons, tree, quota) as a modal drawer from the left. A
// react-aria modal dialog: focus moves in and stays, Escape or a tap outside closes it, focus returns to the
// button; choosing a folder (or writing a mail) closes it and goes there.
import { createPortal } from "react-dom";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Icon } from "../../../ui/icons.tsx";
import { TOP_BAR_LEAD_ID } from "../../../app/shell/TopBar.tsx";
import { FolderPane } from "../folders/FolderPane.tsx";
import type { FolderRef } from "../route-params.ts";

export function FolderDrawer({ currentFolderId }: { currentFolderId: FolderRef | undefined }) {
  const { t } = useTranslation("mail");
  const [open, setOpen] = useState(false);
  // The top bar's lead slot exists once the shell has rendered.
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(TOP_BAR_LEAD_ID)), []);

  return (
    <>
      {slot && createPortal(
        <Button className="icon-button" aria-label={t("layout.openFolders")} aria-expanded={open} onPress={() => setOpen(true)}>
          <Icon name="menu" />
        </Button>,
        slot,
      )}
      <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className="mail-folder-drawer-overlay">
        <Modal className="mail-folder-drawer">
          <Dialog className="mail-folder-drawer-dialog" aria-labelledby="mail-folder-drawer-title">
            <header className="mail-folder-drawer-head">
              <Heading slot="title" id="mail-folder-drawer-title" className="mail-folder-drawer-title">{t("layout.folders")}</Heading>
              <Button className="icon-button" onPress={() => setOpen(false)} aria-label={t("layout.closeFolders")}>
                <Icon name="close" size={18} />
              </Button>
            </header>
            <nav className="mail-folder-drawer-body" aria-label={t("layout.folders")}>
              <FolderPane currentFolderId={currentFolderId} onLeave={() => setOpen(false)} />
            </nav>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
