// Previous / next mail in the reader (000 §4): the neighbours come from the list (useListNeighbours, across
// pages); at the ends the spec's 'last page' and 'last mail' messages show. A reading popup moves within
// itself; elsewhere the opening rules apply. Drafts open in compose.
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { MailIcon } from "../icons.tsx";
import { COMPOSE_TYPES, type FolderRef, type ListAction, popupUrls } from "../route-params.ts";
import { useMailOpeners } from "../open.ts";
import { isDraftRow, type Neighbour, useListNeighbours } from "../list/neighbours.ts";
import { handFocusToReader } from "../focus-handoff.ts";

export interface ReaderNavigation {
  next: Neighbour;
  go(n: Neighbour): void;
  prev: Neighbour;
}

export function useReaderNav({ folderId, page, list, mailId, inPopup }: {
  folderId: FolderRef;
  page: number;
  list: ListAction;
  mailId: number;
  inPopup?: boolean;
}): ReaderNavigation {
  const { t } = useTranslation("mail");
  const { prev, next } = useListNeighbours(folderId, page, list, mailId);
  const { openMail, openCompose } = useMailOpeners();
  const go = (n: Neighbour) => {
    if (n.kind === "end") {
      snackbar("INFO", t(n.reason === "lastPage" ? "view.nav.lastPage" : "view.nav.lastMail"));
      return;
    }
    if (n.kind !== "mail") return;
    if (isDraftRow(n.mail)) openCompose(folderId, n.page, { type: COMPOSE_TYPES.DRAFT, mailId: n.mail.mailId });
    else if (inPopup) {
      handFocusToReader(n.mail.mailId);
      location.hash = popupUrls.view({ folderId, page: n.page, list, view: { mailId: n.mail.mailId } });
    }
    else openMail(folderId, n.page, { mailId: n.mail.mailId }, list);
  };
  return { prev, next, go };
}

export function ReaderNav({ nav }: { nav: ReaderNavigation }) {
  const { t } = useTranslation("mail");
  const usable = (n: Neighbour) => n.kind === "mail" || n.kind === "end";
  return (
    <>
      <AriaButton className="mr-tool" aria-label={t("view.nav.prev")} isDisabled={!usable(nav.prev)} onPress={() => nav.go(nav.prev)}>
        <MailIcon name="chevronLeft" size={18} />
      </AriaButton>
      <AriaButton className="mr-tool" aria-label={t("view.nav.next")} isDisabled={!usable(nav.next)} onPress={() => nav.go(nav.next)}>
        <MailIcon name="chevronRight" size={18} />
      </AriaButton>
    </>
  );
}
