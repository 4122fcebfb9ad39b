// A message attached to a mail (a forwarded .eml or message/rfc822 part), opened in the reader:
// GET /api/mails/view/{id}?attachPosition=N (api/share/mails/view/{id} for a shared folder's mail). Shows
// its head, attachments (downloaded through the parent mail) and body with its quote toggle, under a "back"
// link to the mail (or, for a message attached inside one, to the message it is attached to); no read, star,
// move or reply actions, since it is part of another mail rather than a mail of the mailbox. A message
// attached to it opens the same way, one level deeper (attachPosition "N.M": shared/mail/attach-path.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "@tanstack/react-router";
import type { MailAddress, MailView } from "@shared/mail/reading.ts";
import { api, ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { MailIcon } from "../icons.tsx";
import { ATTACH_PATH_MAX_DEPTH, formatAttachPath } from "@shared/mail/attach-path.ts";
import { attachPart, attachPathOf, type FolderRef, type ListAction, mailPaths, popupUrls, type ViewPart } from "../route-params.ts";
import { Attachments } from "./Attachments.tsx";
import { MailBody } from "./MailBody.tsx";

/** `shared`: the mail is read through a shared folder (api/share/mails variant, as mailViewQuery). */
export function attachedMessageQuery(mailId: number, position: number | string, shared?: { ownerId: number; folderId: FolderRef }) {
  return queryOptions({
    queryKey: ["mail", "view", mailId, "attached", String(position), shared?.ownerId ?? null] as const,
    queryFn: ({ signal }) =>
      shared
        ? api<MailView>(`/api/share/mails/view/${mailId}`, {
          signal,
          query: { attachPosition: position, ownerId: shared.ownerId, folderId: String(shared.folderId) },
        })
        : api<MailView>(`/api/mails/view/${mailId}`, { signal, query: { attachPosition: position } }),
    staleTime: 60_000,
  });
}

/** True for an attachment the reader can open as a mail. */
export function isMessageAttachment(a: { name: string; contentType: string }): boolean {
  return /^message\/(rfc822|global)$/i.test(a.contentType) || /\.eml$/i.test(a.name);
}

interface Props {
  folderId: FolderRef;
  page: number;
  list: ListAction;
  view: ViewPart & { attachPosition: number | string };
  inPopup?: boolean;
}

/** The view one level up: the message this one is attached to, or the mail. */
function enclosing(view: Props["view"]): ViewPart {
  const up = attachPathOf(view.attachPosition).slice(0, -1);
  return { mailId: view.mailId, ...(view.basedMailId ? { basedMailId: view.basedMailId } : {}), ...(up.length ? { attachPosition: attachPart(up) } : {}) };
}

function BackToMail({ folderId, page, list, view, inPopup }: Props) {
  const { t } = useTranslation("mail");
  const parent = enclosing(view);
  if (inPopup) {
    return (
      <Button variant="secondary" className="mr-small-btn"
        onPress={() => { location.hash = popupUrls.view({ folderId, page, list, view: parent }); }}>
        {t("view.attached.back")}
      </Button>
    );
  }
  return <Link className="mr-back" {...mailPaths.view(folderId, page, parent, list)}>{t("view.attached.back")}</Link>;
}

const addresses = (list: MailAddress[]) => list.map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(", ");

export function AttachedMessage(props: Props) {
  const { t, i18n } = useTranslation("mail");
  const navigate = useNavigate();
  const { view } = props;
  const { ownerId } = props.list;
  const q = useQuery(attachedMessageQuery(view.mailId, view.attachPosition, ownerId ? { ownerId, folderId: props.folderId } : undefined));
  const mail = q.data;
  useEffect(() => {
    if (props.inPopup && mail) document.title = mail.subject || t("view.noSubject");
  }, [props.inPopup, mail, t]);

  if (q.isPending) return <div className="mr-reader mr-state" role="status">{t("view.loading")}</div>;
  if (q.isError || !mail) {
    const e = q.error;
    const missing = e instanceof ApiError && e.status === 404;
    return (
      <div className="mr-reader mr-state" role="alert">
        <p className="mr-state-title">{missing ? t("view.attached.notFound") : e instanceof ApiError ? errorText(e.code) : t("view.loadFailed")}</p>
        <BackToMail {...props} />
      </div>
    );
  }
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const path = attachPathOf(view.attachPosition);
  const attachments = mail.attachList.filter((a) => !(mail.contentType === "html" && a.contentId &&
    (mail.content + (mail.quoteContent ?? "")).includes(`/api/mail-inline/${mail.mailId}/${formatAttachPath(path)}/${a.position}?`)));
  // A message attached to this one opens a level deeper, as far as the server goes.
  const openMessage = path.length < ATTACH_PATH_MAX_DEPTH
    ? (position: number) => {
      const part: ViewPart = { ...view, attachPosition: attachPart([...path, position]) };
      const { folderId, page, list } = props;
      if (props.inPopup) location.hash = popupUrls.view({ folderId, page, list, view: part });
      else void navigate({ ...mailPaths.view(folderId, page, part, list) });
    }
    : undefined;
  return (
    <article className={`mr-reader mr-attached${props.inPopup ? " mr-in-popup" : ""}`} aria-label={mail.subject || t("view.noSubject")}>
      <div className="mr-top">
        <BackToMail {...props} />
      </div>
      <p className="mr-attached-note" role="note">
        <MailIcon name="attach" size={16} />
        <span>{t("view.attached.note")}</span>
      </p>
      <header className="mr-head">
        <div className="mr-subject-row">
          <h2 className="mr-subject">{mail.subject || t("view.noSubject")}</h2>
        </div>
        <dl className="mr-meta">
          <dt>{t("view.from")}</dt>
          <dd>{addresses([mail.from])}</dd>
          {mail.to.length > 0 && <><dt>{t("view.to")}</dt><dd>{addresses(mail.to)}</dd></>}
          {mail.cc.length > 0 && <><dt>{t("view.cc")}</dt><dd>{addresses(mail.cc)}</dd></>}
          {mail.sentTimeMillis !== null && <><dt>{t("view.sent")}</dt><dd>{time.format(mail.sentTimeMillis)}</dd></>}
        </dl>
      </header>
      <Attachments items={attachments} onOpenMessage={openMessage} />
      <MailBody content={mail.content} contentType={mail.contentType} subject={mail.subject} quoteContent={mail.quoteContent} />
    </article>
  );
}
