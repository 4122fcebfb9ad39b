// One row of the mail list (a row of the list's ARIA grid): selection checkbox, star, sender (recipients for
// sent mail and drafts), subject with snippet, tags, attachment, scheduled badge, receipt summary, priority,
// size and received time; in the SMART folder the smart-mailbox class. Unread rows are bold. The row's controls are not tab stops: the grid is one tab
// stop and its keys (Space, s, u, …) do the same things.
import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { MailListItem } from "@shared/mail/reading.ts";
import { FilledStar, MailIcon } from "../icons.tsx";
import { fullTime, listTime } from "./format.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { SmartCategoryBadge } from "./SmartCategoryFilter.tsx";
import { RowTaskBadge } from "../flow-task/TaskStatusLink.tsx";

export interface MailRowProps {
  mail: MailListItem;
  index: number;
  selected: boolean;
  focused: boolean;
  open: boolean;
  /** Show the recipients instead of the sender (Sent, Drafts, and sent mail anywhere). */
  recipientsView: boolean;
  /** The SMART folder: show the row's smart-mailbox class (promotion, social) as a badge. */
  showCategory?: boolean;
  tagColors: Map<string, string | null>;
  onSelect(index: number, range: boolean): void;
  onStar(mail: MailListItem): void;
  onOpen(mail: MailListItem): void;
  onFocusRow(index: number): void;
  onDragStart(e: React.DragEvent, mail: MailListItem): void;
  /** Rows of a folder shared with the user are not dragged: the tree's folders are the user's own. */
  draggable?: boolean;
  /** False in a folder shared with read permission only: the star is shown, not toggled. */
  starEditable?: boolean;
}

const SENT_LIKE = ["SENT", "RESERVE", "RESERVE_CANCEL", "DRAFT"];

export function showsRecipients(folderType: string | undefined, m: MailListItem) {
  return folderType === "SENT" || folderType === "DRAFTS" || SENT_LIKE.includes(m.mailType);
}

function MailRowView(p: MailRowProps) {
  const { t, i18n } = useTranslation("mail");
  const m = p.mail;
  const unread = m.readStatus === 0;
  const who = p.recipientsView
    ? m.to.length
      ? `${m.to.map((a) => a.name || a.address).join(", ")}${m.toCount > m.to.length ? ` +${m.toCount - m.to.length}` : ""}`
      : t("list.row.noRecipient")
    : m.fromName || m.fromAddress;
  const subject = m.subject || t("list.row.noSubject");
  return (
    <div
      role="row"
      id={`mail-row-${m.mailId}`}
      className="mail-row"
      aria-selected={p.selected}
      aria-current={p.open || undefined}
      data-unread={unread || undefined}
      data-selected={p.selected || undefined}
      data-open={p.open || undefined}
      data-mail-id={m.mailId}
      tabIndex={p.focused ? 0 : -1}
      draggable={p.draggable ?? true}
      onDragStart={(e) => p.draggable !== false && p.onDragStart(e, m)}
      onFocus={(e) => e.target === e.currentTarget && p.onFocusRow(p.index)}
      onClick={(e) => {
        p.onFocusRow(p.index);
        if (e.shiftKey) p.onSelect(p.index, true);
        else p.onOpen(m);
      }}
    >
      <div role="gridcell" className="mail-cell-check">
        <input
          type="checkbox"
          tabIndex={-1}
          checked={p.selected}
          aria-label={t("list.row.select", { subject })}
          onChange={() => {}}
          onClick={(e) => {
            e.stopPropagation();
            p.onFocusRow(p.index);
            p.onSelect(p.index, e.shiftKey);
          }}
        />
      </div>
      <div role="gridcell" className="mail-cell-star">
        {p.starEditable === false
          ? (
            m.importantStatus === 1 && (
              <span className="mail-star" data-on role="img" aria-label={t("list.row.starred")}><FilledStar size={16} /></span>
            )
          )
          : (
            <button
              type="button"
              tabIndex={-1}
              className="mail-star"
              data-on={m.importantStatus === 1 || undefined}
              aria-pressed={m.importantStatus === 1}
              aria-label={t("list.row.star")}
              onClick={(e) => {
                e.stopPropagation();
                p.onStar(m);
              }}
            >
              {m.importantStatus === 1 ? <FilledStar size={16} /> : <MailIcon name="star" size={16} />}
            </button>
          )}
      </div>
      <div role="gridcell" className="mail-cell-main">
        <div className="mail-line1">
          {unread && <span className="mail-unread-dot" aria-hidden="true" />}
          {unread && <span className="visually-hidden">{t("list.row.unread")}</span>}
          {m.priority < 3 && <span className="mail-priority" title={t("list.row.highPriority")}>!<span className="visually-hidden">{t("list.row.highPriority")}</span></span>}
          <span className="mail-who" title={who}>
            {p.recipientsView && <span className="mail-to-label">{t("list.row.to")} </span>}
            {who}
          </span>
          {p.showCategory && m.category && <SmartCategoryBadge category={m.category} />}
          {m.exchange > 0 && <span className="mail-exchange" title={t("list.row.related", { count: m.exchange })}>{m.exchange + 1}</span>}
        </div>
        <div className="mail-line2">
          <span className="mail-subject">{subject}</span>
          {m.snippet && <span className="mail-snippet"> — {m.snippet}</span>}
        </div>
        {(m.tags.length > 0 || (m.mailType === "RESERVE" && m.reserveTimeMillis) || m.receipt || m.mailType === "RESERVE_CANCEL") && (
          <div className="mail-line3">
            {m.mailType === "RESERVE" && m.reserveTimeMillis && (
              <span className="mail-badge mail-badge-reserve">
                <MailIcon name="clock" size={12} />
                {t("list.row.scheduled", { time: fullTime(m.reserveTimeMillis, i18n.language) })}
              </span>
            )}
            {m.mailType === "RESERVE_CANCEL" && <span className="mail-badge">{t("list.row.scheduleCancelled")}</span>}
            {m.receipt && m.receipt.total > 0 && (
              <span className="mail-badge mail-badge-receipt">{t("list.row.receipt", { read: m.receipt.read, total: m.receipt.total })}</span>
            )}
            {m.tags.map((tag) => {
              const color = p.tagColors.get(tag) ?? null;
              return (
                <span key={tag} className="mail-tag" style={color ? { borderColor: color, ["--tag-color" as string]: color } : undefined}>
                  <span className="mail-tag-dot" aria-hidden="true" />#{tag}
                </span>
              );
            })}
          </div>
        )}
      </div>
      <div role="gridcell" className="mail-cell-meta">
        <RowTaskBadge mail={m} />
        {m.hasAttach && <MailIcon name="attach" size={14} label={t("list.row.attachment")} />}
        <span className="mail-size">{formatBytes(m.emlSize, i18n.language)}</span>
        <time className="mail-time" dateTime={new Date(m.receivedTimeMillis).toISOString()} title={fullTime(m.receivedTimeMillis, i18n.language)}>
          {listTime(m.receivedTimeMillis, i18n.language)}
        </time>
      </div>
    </div>
  );
}

export const MailRow = memo(MailRowView);
