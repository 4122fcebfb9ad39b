// The address book's side pane: "new contact", the group tree, import and export. On phones it is a drawer
// from the left, opened by a button in the top bar's lead slot (as the calendar's): focus moves in and stays,
// Escape or a tap outside closes it; picking a group closes it.
import { createPortal } from "react-dom";
import { createContext, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Icon, SvgIcon } from "../../../ui/icons.tsx";
import { Button } from "../../../ui/Button.tsx";
import { TOP_BAR_LEAD_ID } from "../../../app/shell/TopBar.tsx";
import { useContactUi } from "../ui-state.ts";
import { ICONS } from "../icons.ts";
import { GroupTree } from "./GroupTree.tsx";

const CloseDrawer = createContext<() => void>(() => {});
/** Closes the phone drawer the content sits in (nothing at desktop width). */
export const useCloseDrawer = () => useContext(CloseDrawer);

export function SidePane() {
  const { t } = useTranslation("contacts");
  const ui = useContactUi();
  const close = useContext(CloseDrawer);
  return (
    <div className="ct-side-inner">
      <Button className="ct-new" onPress={() => {
        close();
        ui.openCard({ kind: "new" });
      }}>
        <SvgIcon d={ICONS.plus} size={18} />
        {t("card.new")}
      </Button>
      <GroupTree onPick={close} />
      <div className="ct-side-tools">
        <AriaButton className="ct-side-tool" onPress={() => {
          close();
          ui.openImport();
        }}>
          <SvgIcon d={ICONS.upload} size={16} />
          {t("inout.import")}
        </AriaButton>
        <AriaButton className="ct-side-tool" onPress={() => {
          close();
          ui.openExport();
        }}>
          <SvgIcon d={ICONS.download} size={16} />
          {t("inout.export")}
        </AriaButton>
      </div>
    </div>
  );
}

export function SideDrawer({ children, texts }: { children: React.ReactNode; texts?: { label: string; open: string; close: string } }) {
  const { t: tc } = useTranslation("contacts");
  const t = (k: "side.label" | "side.open" | "side.close") => texts?.[k.slice(5) as "label"] ?? tc(k);
  const [open, setOpen] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(TOP_BAR_LEAD_ID)), []);
  return (
    <>
      {slot && createPortal(
        <AriaButton className="icon-button" aria-label={t("side.open")} aria-expanded={open} onPress={() => setOpen(true)}>
          <Icon name="menu" />
        </AriaButton>,
        slot,
      )}
      <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className="ct-drawer-overlay">
        <Modal className="ct-drawer">
          <Dialog className="ct-drawer-dialog" aria-labelledby="ct-drawer-title">
            <header className="ct-drawer-head">
              <Heading slot="title" id="ct-drawer-title" className="ct-drawer-title">{t("side.label")}</Heading>
              <AriaButton className="icon-button" onPress={() => setOpen(false)} aria-label={t("side.close")}>
                <Icon name="close" size={18} />
              </AriaButton>
            </header>
            <nav className="ct-drawer-body" aria-label={t("side.label")}>
              <CloseDrawer.Provider value={() => setOpen(false)}>{children}</CloseDrawer.Provider>
            </nav>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
