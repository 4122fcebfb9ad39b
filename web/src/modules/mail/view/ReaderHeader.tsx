// The head of an opened mail: subject with priority and star, sender, recipients (long lists fold), times,
// tags (chips; add from the user's tags, remove with the chip's button) and the folder it is in.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { type MailAddress, type MailView, SENT_MAIL_TYPES } from "@shared/mail/reading.ts";
import { ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Icon } from "../../../ui/icons.tsx";
import { FilledStar, MailIcon } from "../icons.tsx";
import { findFolder, flattenFolders, foldersQuery } from "../queries.ts";
import { useMailConfig } from "../open.ts";
import { folderName } from "../folders/folder-meta.ts";
import { setTag } from "./actions.ts";
import { useStarToggle } from "./star.ts";
import { useCanEditMails } from "../shared-access.ts";
import type { FolderRef } from "../route-params.ts";
import { ReaderTaskStatus } from "../flow-task/TaskStatusLink.tsx";

/** Recipients shown before "and N more". */
const FOLD_AT = 5;

export function ReaderHeader({ mail, folderId, ownerId, headingRef }: {
  mail: MailView;
  folderId: FolderRef;
  ownerId?: number;
  /** The subject heading, focusable by script (tabIndex -1): the reader hands it the focus when opened. */
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useTranslation("mail");
  const star = useStarToggle();
  const tree = useQuery(foldersQuery).data;
  const folder = findFolder(tree, mail.folderId);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const starred = mail.importantStatus === 1;
  // A folder shared with read permission only shows the star without toggling it.
  const canStar = useCanEditMails(folderId, ownerId);
  const shownFolder = folder ? folderName(folder, t) : "";
  // The user's own copy of a mail they sent (or scheduled) has no "received" time: its time is when it was
  // sent (SENT) or written (a scheduled or cancelled scheduled mail).
  const ownCopy = (SENT_MAIL_TYPES as readonly string[]).includes(mail.mailType);
  const timeLabel = !ownCopy ? "view.received" : mail.mailType === "SENT" ? "view.sent" : "view.written";

  return (
    <header className="mr-head">
      <div className="mr-subject-row">
        {mail.priority < 3 && <span className="mr-priority" title={t("view.priorityHigh")}>{t("view.priorityMark")}<span className="mr-sr">{t("view.priorityHigh")}</span></span>}
        <h2 className="mr-subject" ref={headingRef} tabIndex={-1}>{mail.subject || t("view.noSubject")}</h2>
        {canStar
          ? (
            <Button
              variant="ghost"
              className={`mr-icon-btn mr-star${starred ? " mr-starred" : ""}`}
              aria-label={t("view.star.label")}
              aria-pressed={starred}
              onPress={() =>
                star.mutate({ mailIds: [mail.mailId], importantStatus: starred ? 0 : 1, ownerId, folderId })}
            >
              {starred ? <FilledStar size={20} /> : <MailIcon name="star" size={20} />}
            </Button>
          )
          : starred && <span className="mr-icon-btn mr-star mr-starred" role="img" aria-label={t("view.star.starred")}><FilledStar size={20} /></span>}
      </div>
      <dl className="mr-meta">
        <dt>{t("view.from")}</dt>
        <dd><Address a={mail.from} /></dd>
        {mail.to.length > 0 && <Recipients label={t("view.to")} list={mail.to} />}
        {mail.cc.length > 0 && <Recipients label={t("view.cc")} list={mail.cc} />}
        {mail.bcc.length > 0 && <Recipients label={t("view.bcc")} list={mail.bcc} />}
        <dt>{t(timeLabel)}</dt>
        <dd>{time.format(mail.receivedTimeMillis)}</dd>
        {!ownCopy && mail.sentTimeMillis !== null && Math.abs(mail.sentTimeMillis - mail.receivedTimeMillis) > 60_000 && (
          <>
            <dt>{t("view.sent")}</dt>
            <dd>{time.format(mail.sentTimeMillis)}</dd>
          </>
        )}
        {shownFolder && (
          <>
            <dt>{t("view.folder")}</dt>
            <dd><MailIcon name="folder" size={14} /> {shownFolder}</dd>
          </>
        )}
      </dl>
      {!ownerId && <ReaderTaskStatus mail={mail} />}
      {!ownerId && <Tags mail={mail} />}
    </header>
  );
}

function Address({ a }: { a: MailAddress }) {
  return (
    <span className="mr-address">
      {a.name && <span className="mr-address-name">{a.name}</span>}
      {a.address && <span className="mr-muted">{a.name ? ` <${a.address}>` : a.address}</span>}
    </span>
  );
}

function Recipients({ label, list }: { label: string; list: MailAddress[] }) {
  const { t } = useTranslation("mail");
  const [all, setAll] = useState(false);
  const shown = all ? list : list.slice(0, FOLD_AT);
  return (
    <>
      <dt>{label}</dt>
      <dd className="mr-recipients">
        {shown.map((a, i) => (
          <span key={`${a.address}-${i}`}>
            <Address a={a} />
            {i < shown.length - 1 && ", "}
          </span>
        ))}
        {list.length > FOLD_AT && (
          <AriaButton className="mr-link-btn" aria-expanded={all} onPress={() => setAll(!all)}>
            {all ? t("view.fold") : t("view.more", { count: list.length - FOLD_AT })}
          </AriaButton>
        )}
      </dd>
    </>
  );
}

function Tags({ mail }: { mail: MailView }) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const config = useMailConfig();
  const tree = useQuery(foldersQuery).data;
  const tags = tree ? flattenFolders(tree).filter((f) => f.folderType === "TAG" && f.tag) : [];
  const colour = (tag: string) => tags.find((f) => f.tag === tag)?.color ?? undefined;
  const addable = tags.filter((f) => !mail.tags.includes(f.tag!));
  if (mail.tags.length === 0 && (!config.useTag || addable.length === 0)) return null;

  const change = async (tag: string, type: "add" | "delete") => {
    try {
      await setTag(qc, mail, tag, type);
    } catch (e) {
      snackbar("ERROR", e instanceof ApiError ? errorText(e.code) : t("view.tags.failed"));
    }
  };

  return (
    <div className="mr-tags" role="group" aria-label={t("view.tags.title")}>
      <MailIcon name="tag" size={14} />
      {mail.tags.map((tag) => (
        <span key={tag} className="mr-tag" style={colour(tag) ? { borderColor: colour(tag) } : undefined}>
          <span className="mr-tag-dot" style={{ background: colour(tag) ?? "var(--color-muted)" }} aria-hidden />
          {tag}
          <AriaButton className="mr-tag-remove" aria-label={t("view.tags.remove", { tag })} onPress={() => void change(tag, "delete")}>
            <Icon name="close" size={12} />
          </AriaButton>
        </span>
      ))}
      {config.useTag && addable.length > 0 && (
        <MenuTrigger>
          <AriaButton className="mr-link-btn">{t("view.tags.add")}</AriaButton>
          <Popover className="mr-menu-popover">
            <Menu className="mr-menu" aria-label={t("view.tags.add")} onAction={(key) => void change(String(key), "add")}>
              {addable.map((f) => (
                <MenuItem key={f.tag} id={f.tag} className="mr-menu-item" textValue={f.tag}>
                  <span className="mr-tag-dot" style={{ background: f.color ?? "var(--color-muted)" }} aria-hidden />
                  {f.tag}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      )}
    </div>
  );
}
