// Resource booking's screen (002 §2): the side pane (types, a small month, my bookings, waiting for my approval)
// beside the route's grid or list; the booking dialog (save / update) opens over them. On phones the side pane is
// the shell's drawer. Realtime RESOURCE_CHANGED refetches everything shown.
import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { SideDrawer } from "../../app/shell/SideDrawer.tsx";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { SidePane } from "./side/SidePane.tsx";
import { BookingDialog } from "./booking/BookingDialog.tsx";
import { type BookingDialogState, type ResourceUi, ResourceUiContext } from "./ui-state.ts";
import { useResourceRealtime } from "./realtime.ts";
import "../../ui/ui.css";
import "./resource.css";

export const Route = createLazyRoute("/app/resource")({ component: ResourceLayout });

function ResourceLayout() {
  const { t } = useTranslation("resource");
  const narrow = useNarrowScreen();
  const [dialog, setDialog] = useState<BookingDialogState | null>(null);
  useResourceRealtime();
  const ui = useMemo<ResourceUi>(() => ({ openBooking: setDialog }), []);
  const side = <SidePane />;
  return (
    <ResourceUiContext.Provider value={ui}>
      <div className="rs-layout">
        {narrow
          ? <SideDrawer texts={{ label: t("side.label"), open: t("side.open"), close: t("side.close") }}>{side}</SideDrawer>
          : <nav className="rs-side" aria-label={t("side.label")}>{side}</nav>}
        <div className="rs-main">
          <Outlet />
        </div>
        {dialog && <BookingDialog key={dialog.mode === "update" ? `u${dialog.booking.id}` : "new"} state={dialog} onClose={() => setDialog(null)} />}
      </div>
    </ResourceUiContext.Provider>
  );
}
