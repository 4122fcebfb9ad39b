// The list (LIST): a table of posts with a checkbox, the title (a link to the post page) with its badges, a
// 100-character preview and tags under it, the board on the special folders, author, date and the read count.
// The trash shows when and by whom each post was deleted; the notice folder a 공지 box per post whose
// unticking takes the post off the notices.
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { PostSummary } from "@shared/board/posts.ts";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { fullDate, shortDate } from "../format.ts";
import { boardPaths, type ListAction } from "../paths.ts";
import { Badges, Tags } from "./PostBits.tsx";

export interface PostListProps {
  posts: PostSummary[];
  /** The list shown (a board or a special folder): where the post page goes back to. */
  boardId: number;
  selected: Set<number>;
  onSelect(id: number, on: boolean): void;
  /** The list's view and page, for the post page's way back. */
  back: Partial<ListAction>;
  showBoard: boolean;
  trash?: boolean;
  /** The notice folder: untick to take a post off the notices. */
  onUnnotice?: (p: PostSummary) => void;
  caption: string;
}

export function PostTable({ posts, boardId, selected, onSelect, back, showBoard, trash, onUnnotice, caption }: PostListProps) {
  const { t } = useTranslation("board");
  const time = (ms: number) => <time dateTime={new Date(ms).toISOString()} title={fullDate(ms)}>{shortDate(ms)}</time>;
  return (
    <div className="bd-table-wrap">
      <table className="bd-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="bd-col-check"><span className="visually-hidden">{t("list.col.select")}</span></th>
            {onUnnotice && <th scope="col" className="bd-col-check">{t("list.col.notice")}</th>}
            <th scope="col">{t("list.col.title")}</th>
            {showBoard && <th scope="col" className="bd-col-opt">{t("list.col.board")}</th>}
            <th scope="col">{t("list.col.author")}</th>
            {trash
              ? (
                <>
                  <th scope="col">{t("list.col.deletedAt")}</th>
                  <th scope="col" className="bd-col-opt">{t("list.col.deletedBy")}</th>
                </>
              )
              : (
                <>
                  <th scope="col">{t("list.col.date")}</th>
                  <th scope="col" className="bd-col-opt">{t("list.col.reads")}</th>
                </>
              )}
          </tr>
        </thead>
        <tbody>
          {posts.map((p) => (
            <tr key={p.id} className={p.seen || trash ? undefined : "bd-row-unread"}>
              <td className="bd-col-check">
                <Checkbox isSelected={selected.has(p.id)} onChange={(on) => onSelect(p.id, on)}>
                  <span className="visually-hidden">{t("list.select", { title: p.title })}</span>
                </Checkbox>
              </td>
              {onUnnotice && (
                <td className="bd-col-check">
                  <Checkbox isSelected={p.isNotice} onChange={(on) => !on && onUnnotice(p)}>
                    <span className="visually-hidden">{t("list.noticeOf", { title: p.title })}</span>
                  </Checkbox>
                </td>
              )}
              <td className="bd-cell-title">
                <div className="bd-title-line">
                  <Badges post={p} showUnread={!trash} />
                  {trash
                    ? <span className="bd-row-title">{p.title}</span>
                    : <Link {...boardPaths.view(p.id, boardId, back)} className="bd-row-title">{p.title}</Link>}
                  {p.replyCount > 0 && <span className="bd-reply-count">{t("post.replyBracket", { count: p.replyCount })}</span>}
                </div>
                {p.preview && <p className="bd-row-preview">{p.preview}</p>}
                <Tags tags={p.tags} />
              </td>
              {showBoard && <td className="bd-col-opt">{p.boardName}</td>}
              <td className="bd-nowrap">{p.userName}</td>
              {trash
                ? (
                  <>
                    <td className="bd-nowrap">{p.deletedTimeMillis ? time(p.deletedTimeMillis) : ""}</td>
                    <td className="bd-col-opt bd-nowrap">{p.deleteUserName ?? ""}</td>
                  </>
                )
                : (
                  <>
                    <td className="bd-nowrap">{time(p.createdTimeMillis)}</td>
                    <td className="bd-col-opt bd-num">{p.readCount}</td>
                  </>
                )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
