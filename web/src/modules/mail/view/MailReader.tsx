// The mail reader (mail_view and the reading popup): loads the mail (which marks it read; the list rows and
// the folder counts follow, not for shared folders), then shows the toolbar, the head, state notices
// (blocked, reported, scheduled, cancelled), the body, attachments, read receipts of one's own sent mail and
// the conversation's other mails. print=true (the print popup) prints once the body has loaded. A view part
// with attachPosition shows that attached message instead (AttachedMessage.tsx).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "@tanstack/react-router";
import type { MailView } from "@shared/mail/reading.ts";
import { ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { mailViewQuery } from "../queries.ts";
import { type FolderRef, type ListAction, mailPaths, popupUrls, type ViewPart } from "../route-params.ts";
import { useMailOpeners } from "../open.ts";
import { applyOpened } from "./actions.ts";
import { ReaderToolbar } from "./ReaderToolbar.tsx";
import { ReaderHeader } from "./ReaderHeader.tsx";
import { MailBody } from "./MailBody.tsx";
import { Attachments } from "./Attachments.tsx";
import { References } from "./References.tsx";
import { Receipts } from "./Receipts.tsx";
import { SecureLock } from "./SecureLock.tsx";
import { ReportDialog } from "./ReportDialog.tsx";
import { MailStateNotice, OwnDomainWarning } from "./MailStateNotice.tsx";
import { InvitationCard } from "./calendar/InvitationCard.tsx";
import { shownInBody } from "./frame-doc.ts";
import { ReaderNav, useReaderNav } from "./ReaderNav.tsx";
import { AttachedMessage } from "./AttachedMessage.tsx";
import { useSaveToDrive } from "./save-to-drive.ts";
import { readerTakesFocus, rememberReadMail } from "../focus-handoff.ts";
import "./view.css";

export interface MailReaderProps {
  folderId: FolderRef;
  page: number;
  list: ListAction;
  view: ViewPart;
  inPopup?: boolean;
  print?: boolean;
}

export function MailReader(props: MailReaderProps) {
  const at = props.view.attachPosition;
  if (at !== undefined) return <AttachedMessage {...props} key={`${props.view.mailId}:${at}`} view={{ ...props.view, attachPosition: at }} />;
  return <OwnMailReader {...props} key={props.view.mailId} />;
}

function OwnMailReader({ folderId, page, list, view, inPopup, print }: MailReaderProps) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const q = useQuery(mailViewQuery(view, folderId, list.ownerId));
  const mail = q.data;

  // Opening marked it read on the server: the list and the tree follow once per opened mail.
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!mail || list.ownerId || applied.current === mail.mailId) return;
    applied.current = mail.mailId;
    applyOpened(qc, mail);
  }, [mail, list.ownerId, qc]);

  useEffect(() => {
    if (inPopup && mail) document.title = mail.subject || t("view.noSubject");
  }, [inPopup, mail, t]);

  if (q.isPending || (!q.isError && !mail)) {
    return <div className="mr-reader mr-state" role="status">{t("view.loading")}</div>;
  }
  if (q.isError) {
    const e = q.error;
    const missing = e instanceof ApiError && (e.status === 404 || e.code === "mail.not_found");
    return (
      <div className="mr-reader mr-state" role="alert">
        <p className="mr-state-title">{missing ? t("view.notFound") : e instanceof ApiError ? errorText(e.code) : t("view.loadFailed")}</p>
        {!missing && <Button variant="secondary" onPress={() => void q.refetch()}>{t("view.retry")}</Button>}
        <BackToList folderId={folderId} page={page} list={list} inPopup={inPopup} />
      </div>
    );
  }
  if (!mail) return null;
  return <Reader mail={mail} folderId={folderId} page={page} list={list} view={view} inPopup={inPopup} print={print} />;
}

function BackToList({ folderId, page, list, inPopup }: { folderId: FolderRef; page: number; list: ListAction; inPopup?: boolean }) {
  const { t } = useTranslation("mail");
  if (inPopup) return <Button variant="secondary" onPress={() => globalThis.close()}>{t("view.close")}</Button>;
  return <Link className="mr-back" {...mailPaths.list(folderId, page, list)}>{t("view.backToList")}</Link>;
}

function Reader({ mail, folderId, page, list, view, inPopup, print }: MailReaderProps & { mail: MailView }) {
  const { t } = useTranslation("mail");
  const navigate = useNavigate();
  const { openMail } = useMailOpeners();
  const [reporting, setReporting] = useState(false);
  const nav = useReaderNav({ folderId, page, list, mailId: mail.mailId, inPopup });
  const saveToDrive = useSaveToDrive(mail.mailId);

  // A mail the user opened hands the keyboard focus to its subject heading, so a screen reader reads it out;
  // back in the list, the row of this mail takes the focus (focus-handoff.ts).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!inPopup) rememberReadMail(mail.mailId);
    if (readerTakesFocus(mail.mailId)) heading.current?.focus({ preventScroll: true });
  }, [mail.mailId, inPopup]);

  // The print popup prints once, when the body is laid out.
  const printed = useRef(false);
  const onLoaded = useCallback(() => {
    if (!print || printed.current) return;
    printed.current = true;
    setTimeout(() => globalThis.print(), 300);
  }, [print]);
  const hidden = mail.blocked || mail.mailType === "RESERVE_CANCEL";
  useEffect(() => {
    if (hidden) onLoaded();
  }, [hidden, onLoaded]);

  // After a delete or move: the next mail when there is one, else the list; a popup closes.
  const onLeave = (reason: "deleted" | "moved" | "unread") => {
    if (inPopup) globalThis.close();
    else if (reason !== "unread" && nav.next.kind === "mail") nav.go(nav.next);
    else void navigate({ ...mailPaths.list(folderId, page, list) });
  };

  const body = mail.content + (mail.quoteContent ?? "");
  const attachments = mail.attachList.filter((a) => !(mail.contentType === "html" && a.contentId && shownInBody(body, mail.mailId, a.position)));
  // An attached message opens in the reader (a shared folder's mail too: api/share/mails/view has attachPosition).
  const openMessage = (position: number) => {
    const part: ViewPart = { mailId: mail.mailId, ...(view.basedMailId ? { basedMailId: view.basedMailId } : {}), attachPosition: position };
    if (inPopup) location.hash = popupUrls.view({ folderId, page, list, view: part });
    else void navigate({ ...mailPaths.view(folderId, page, part, list) });
  };

  return (
    <article className={`mr-reader${inPopup ? " mr-in-popup" : ""}`} aria-label={mail.subject || t("view.noSubject")}>
      <div className="mr-top">
        {!inPopup && <Link className="mr-back" {...mailPaths.list(folderId, page, list)}>{t("view.backToList")}</Link>}
        <ReaderToolbar
          mail={mail}
          folderId={folderId}
          page={page}
          list={list}
          inPopup={inPopup}
          onLeave={onLeave}
          onReport={() => setReporting(true)}
          nav={<ReaderNav nav={nav} />}
        />
      </div>
      <ReaderHeader mail={mail} folderId={folderId} ownerId={list.ownerId} headingRef={heading} />
      <OwnDomainWarning mail={mail} />
      <MailStateNotice mail={mail} folderId={folderId} page={page} shared={!!list.ownerId} />
      {!hidden && (
        <>
          <InvitationCard mail={mail} ownerId={list.ownerId} />
          <Attachments items={attachments} onOpenMessage={openMessage} onSaveToDrive={list.ownerId ? null : saveToDrive} />
          <MailBody content={mail.content} contentType={mail.contentType} subject={mail.subject} quoteContent={mail.quoteContent} onLoaded={onLoaded} />
        </>
      )}
      {!list.ownerId && mail.folderType === "SENT" && <SecureLock mailId={mail.mailId} />}
      {!list.ownerId && mail.folderType === "SENT" && <Receipts mailId={mail.mailId} />}
      {mail.references && (
        <References
          mails={mail.references}
          onOpen={(mailId) => openMail(folderId, page, { mailId, basedMailId: view.basedMailId ?? mail.mailId }, list)}
        />
      )}
      {reporting && <ReportDialog mail={mail} onClose={() => setReporting(false)} onDone={() => setReporting(false)} />}
    </article>
  );
}
