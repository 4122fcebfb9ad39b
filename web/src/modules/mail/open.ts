// The opening rules (000 §2): where a mail is read and where a mail is written.
//   Reading opens in a 1050x870 popup when split view is off and popup-read is on, when printing, or when
//   the reader is itself a popup; otherwise it opens in the view route (beside the list with split view).
//   Writing opens in a popup when popup-write is on, when the compose entry type is 7 or higher, or when
//   asked; otherwise in the write route.
// Small screens force tabs, split view and popups off (useMailConfig).
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { MailConfig } from "@shared/mail/config.ts";
import { MAIL_CONFIG_DEFAULTS } from "@shared/mail/config.ts";
import { mailConfigQuery } from "./queries.ts";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { handFocusToReader } from "./focus-handoff.ts";
import { type FolderRef, type ListAction, mailPaths, openPopup, popupUrls, type ViewPart, type WriteAction } from "./route-params.ts";

/** Small screens (ui/narrow.ts): split view, tabs and popups are forced off there. */
export const useSmallScreen = useNarrowScreen;

/** The mail config as it applies on this screen: defaults until loaded, tabs, split view and popups off when small. */
export function useMailConfig(): MailConfig {
  const config = useQuery(mailConfigQuery).data ?? MAIL_CONFIG_DEFAULTS;
  const small = useSmallScreen();
  return small ? { ...config, useTab: false, splitView: false, popupRead: false, popupWrite: false } : config;
}

/** True in a popup window (the popup routes render without the shell). */
export const inPopupWindow = () => location.hash.startsWith("#/mail/view/popup/") || location.hash.startsWith("#/mail/write/popup/");

/** Opens mails and compose by the rules above; screens call these instead of navigating themselves. */
export function useMailOpeners() {
  const navigate = useNavigate();
  const config = useMailConfig();
  return {
    openMail(folderId: FolderRef, page: number, view: ViewPart, list: ListAction = {}, opts: { print?: boolean } = {}) {
      if (opts.print || inPopupWindow() || (!config.splitView && config.popupRead)) {
        openPopup(popupUrls.view({ folderId, page, list, view, ...(opts.print ? { print: true } : {}) }), `mail-view-${view.mailId}`);
        return;
      }
      // The reader takes the keyboard focus when it shows (focus-handoff.ts).
      if (view.attachPosition === undefined) handFocusToReader(view.mailId);
      void navigate(mailPaths.view(folderId, page, view, list));
    },
    openCompose(folderId: FolderRef, page: number, action: WriteAction = {}, opts: { popup?: boolean } = {}) {
      if (opts.popup || config.popupWrite || (action.type ?? 0) >= 7 || inPopupWindow()) {
        openPopup(popupUrls.write({ ...action, folderId }), `mail-write-${Date.now()}`);
        return;
      }
      void navigate(mailPaths.write(folderId, page, action));
    },
  };
}
