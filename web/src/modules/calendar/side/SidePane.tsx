// The calendar's side panel: the mini month and the calendar tree. On phones it is a drawer from the left,
// opened by a button in the top bar's lead slot (as mail's folder drawer): focus moves in and stays, Escape
// or a tap outside closes it; picking a day closes it.
import { createPortal } from "react-dom";
import { createContext, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Icon } from "../../../ui/icons.tsx";
import { TOP_BAR_LEAD_ID } from "../../../app/shell/TopBar.tsx";
import type { Ymd } from "../dates.ts";
import { MiniMonth } from "./MiniMonth.tsx";
import { CalendarTree } from "./CalendarTree.tsx";
import { AlarmSettingsButton } from "../alarms/AlarmSettings.tsx";

const CloseDrawer = createContext<() => void>(() => {});

export function SidePane({ focus, today, lng, onPick }: { focus: Ymd; today: Ymd; lng: string; onPick(day: Ymd): void }) {
  const close = useContext(CloseDrawer);
  return (
    <div className="cal-side-inner">
      <MiniMonth focus={focus} today={today} lng={lng} onPick={(d) => {
        onPick(d);
        close();
      }} />
      <CalendarTree />
      <AlarmSettingsButton />
    </div>
  );
}

export function SideDrawer({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("calendar");
  const [open, setOpen] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(TOP_BAR_LEAD_ID)), []);
  return (
    <>
      {slot && createPortal(
        <Button className="icon-button" aria-label={t("side.open")} aria-expanded={open} onPress={() => setOpen(true)}>
          <Icon name="menu" />
        </Button>,
        slot,
      )}
      <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className="cal-drawer-overlay">
        <Modal className="cal-drawer">
          <Dialog className="cal-drawer-dialog" aria-labelledby="cal-drawer-title">
            <header className="cal-drawer-head">
              <Heading slot="title" id="cal-drawer-title" className="cal-drawer-title">{t("side.label")}</Heading>
              <Button className="icon-button" onPress={() => setOpen(false)} aria-label={t("side.close")}>
                <Icon name="close" size={18} />
              </Button>
            </header>
            <nav className="cal-drawer-body" aria-label={t("side.label")}>
              <CloseDrawer.Provider value={() => setOpen(false)}>{children}</CloseDrawer.Provider>
            </nav>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
