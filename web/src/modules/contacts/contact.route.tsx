// The address book's screen (001 §2): the side pane (new contact, the group tree, trash, import, export)
// beside the route's content (the card list or the settings); the card, import and export dialogs open over
// it. On phones the side pane is a drawer opened from the top bar.
import { createLazyRoute, Outlet } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { SideDrawer, SidePane } from "./side/SidePane.tsx";
import { type CardOpen, type ContactUi, ContactUiContext } from "./ui-state.ts";
import { CardDialog } from "./card/CardDialog.tsx";
import { ImportDialog } from "./inout/ImportDialog.tsx";
import { ExportDialog } from "./inout/ExportDialog.tsx";
import { useContactRealtime } from "./realtime.ts";
import "./contacts.css";

export const Route = createLazyRoute("/app/contact")({ component: ContactLayout });

function ContactLayout() {
  const { t } = useTranslation("contacts");
  const narrow = useNarrowScreen();
  useContactRealtime();
  const [card, setCard] = useState<CardOpen | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState<{ cardIdList?: number[] } | null>(null);
  const ui = useMemo<ContactUi>(() => ({
    openCard: setCard,
    openImport: () => setImporting(true),
    openExport: (cardIdList) => setExporting({ cardIdList }),
  }), []);
  const side = <SidePane />;
  return (
    <ContactUiContext.Provider value={ui}>
      <div className="ct-layout">
        {narrow ? <SideDrawer>{side}</SideDrawer> : <nav className="ct-side" aria-label={t("side.label")}>{side}</nav>}
        <div className="ct-main">
          <Outlet />
        </div>
        {card && <CardDialog key={JSON.stringify(card)} open={card} onOpen={setCard} onClose={() => setCard(null)} />}
        {importing && <ImportDialog onClose={() => setImporting(false)} />}
        {exporting && <ExportDialog cardIdList={exporting.cardIdList} onClose={() => setExporting(null)} />}
      </div>
    </ContactUiContext.Provider>
  );
}
