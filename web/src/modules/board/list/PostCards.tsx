// The feed (CARD): each post as a card with its title (a link to the post page), author and date, the board on
// the special folders, a text preview, its first picture, tags and counts; unread posts are marked. A checkbox
// per card selects it for the list's actions; in the notice folder a 공지 box takes a post off the notices.
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { fullDate, shortDate } from "../format.ts";
import { boardPaths } from "../paths.ts";
import { Badges, Counts, Tags } from "./PostBits.tsx";
import { Thumbnail } from "./Thumbnail.tsx";
import type { PostListProps } from "./PostTable.tsx";

export function PostCards({ posts, boardId, selected, onSelect, back, showBoard, onUnnotice }: PostListProps) {
  const { t } = useTranslation("board");
  return (
    <ul className="bd-cards" aria-label={t("list.posts")}>
      {posts.map((p) => (
        <li key={p.id} className={`bd-card${p.seen ? "" : " bd-card-unread"}`}>
          <div className="bd-card-head">
            <Checkbox isSelected={selected.has(p.id)} onChange={(on) => onSelect(p.id, on)}>
              <span className="visually-hidden">{t("list.select", { title: p.title })}</span>
            </Checkbox>
            <div className="bd-card-title-line">
              <Badges post={p} />
              <Link {...boardPaths.view(p.id, boardId, back)} className="bd-card-title">{p.title}</Link>
            </div>
          </div>
          <div className="bd-card-meta">
            <span className="bd-author">{p.userName}</span>
            <time dateTime={new Date(p.createdTimeMillis).toISOString()} title={fullDate(p.createdTimeMillis)}>{shortDate(p.createdTimeMillis)}</time>
            {showBoard && <span className="bd-board-name">{p.boardName}</span>}
            {onUnnotice && (
              <Checkbox className="bd-card-notice" isSelected={p.isNotice} onChange={(on) => !on && onUnnotice(p)}>
                <span aria-hidden="true">{t("list.col.notice")}</span>
                <span className="visually-hidden">{t("list.noticeOf", { title: p.title })}</span>
              </Checkbox>
            )}
          </div>
          <div className="bd-card-body">
            {p.preview && <p className="bd-preview">{p.preview}</p>}
            {p.thumbnailFileId && <Thumbnail post={p} />}
          </div>
          <Tags tags={p.tags} />
          <Counts post={p} />
        </li>
      ))}
    </ul>
  );
}
