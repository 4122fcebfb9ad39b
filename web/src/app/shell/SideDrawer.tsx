// A module's side pane as a drawer on phones (the calendar's and the address books'): a button in the top bar's
// lead slot opens it from the left; focus moves in and stays, Escape or a tap outside closes it, and what sits
// inside closes it with useCloseDrawer() (picking a day, a group). At desktop width the pane is not in a drawer
// and useCloseDrawer() does nothing.
import { createPortal } from "react-dom";
import { createContext, useContext, useEffect, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Icon } from "../../ui/icons.tsx";
import { TOP_BAR_LEAD_ID } from "./TopBar.tsx";
import "./side-drawer.css";

const CloseDrawer = createContext<() => void>(() => {});

/** Closes the drawer the content sits in (nothing at desktop width). */
export const useCloseDrawer = () => useContext(CloseDrawer);

export interface SideDrawerTexts {
  /** The drawer's title and the name of its navigation. */
  label: string;
  open: string;
  close: string;
}

export function SideDrawer({ children, texts }: { children: React.ReactNode; texts: SideDrawerTexts }) {
  const [open, setOpen] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(TOP_BAR_LEAD_ID)), []);
  return (
    <>
      {slot && createPortal(
        <Button className="icon-button" aria-label={texts.open} aria-expanded={open} onPress={() => setOpen(true)}>
          <Icon name="menu" />
        </Button>,
        slot,
      )}
      <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className="side-drawer-overlay">
        <Modal className="side-drawer">
          <Dialog className="side-drawer-dialog" aria-labelledby="side-drawer-title">
            <header className="side-drawer-head">
              <Heading slot="title" id="side-drawer-title" className="side-drawer-title">{texts.label}</Heading>
              <Button className="icon-button" onPress={() => setOpen(false)} aria-label={texts.close}>
                <Icon name="close" size={18} />
              </Button>
            </header>
            <nav className="side-drawer-body" aria-label={texts.label}>
              <CloseDrawer.Provider value={() => setOpen(false)}>{children}</CloseDrawer.Provider>
            </nav>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
