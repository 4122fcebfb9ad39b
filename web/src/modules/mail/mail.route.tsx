// The mail layout (000 §2 "Shell parts for mail"): the folder tree beside the list, view, write or config
// screen; mail tabs when enabled; the mail search in the top bar. New mail arriving over the realtime
// channel, and changes made in a popup window, refresh the tree's counts and the lists without a reload. On
// small screens the folder tree opens as a drawer from the top bar's menu button instead (FolderDrawer).
import { createLazyRoute, Outlet, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { createPortal } from "react-dom";
import { useEffect, useState } from "react";
import { TOP_BAR_SEARCH_ID } from "../../app/shell/TopBar.tsx";
import { FolderPane } from "./folders/FolderPane.tsx";
import { MailSearchBar } from "./search/MailSearchBar.tsx";
import { MailTabs } from "./layout/MailTabs.tsx";
import { FolderDrawer } from "./layout/FolderDrawer.tsx";
import { ConfigDrawer } from "./config/drawer/ConfigDrawer.tsx";
import { useNewMailRefresh } from "./layout/realtime.ts";
import { useMailChangesFromPopups } from "./layout/cross-window.ts";
import { parseFolderId } from "./route-params.ts";
import { useMailConfig, useSmallScreen } from "./open.ts";
import "./mail.css";

export const Route = createLazyRoute("/app/mail")({ component: MailLayout });

function MailLayout() {
  const { t } = useTranslation("mail");
  const params = useParams({ strict: false }) as { folderId?: string };
  const folderId = parseFolderId(params.folderId);
  const config = useMailConfig();
  const small = useSmallScreen();
  useNewMailRefresh();
  useMailChangesFromPopups();
  // The top bar's search slot exists once the shell has rendered.
  const [searchSlot, setSearchSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSearchSlot(document.getElementById(TOP_BAR_SEARCH_ID)), []);

  return (
    <div className="mail-layout">
      {small ? <FolderDrawer currentFolderId={folderId} /> : (
        <nav className="mail-folder-pane" aria-label={t("layout.folders")}>
          <FolderPane currentFolderId={folderId} />
        </nav>
      )}
      <div className="mail-main">
        {config.useTab && <MailTabs />}
        {/* The shell's "skip to main content" link lands here: the list or the reader, past the folder tree. */}
        <div className="mail-content" data-main-content>
          <Outlet />
        </div>
      </div>
      {searchSlot && createPortal(<MailSearchBar />, searchSlot)}
      <ConfigDrawer />
    </div>
  );
}
