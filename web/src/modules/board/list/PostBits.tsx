// Small parts of a post in the feed and the list: its tags in their colours, its badges (공지, 필독, unread),
// and its counts (조회, 댓글, 공감) with words for screen readers.
import { useTranslation } from "react-i18next";
import type { PostSummary, PostTag } from "@shared/board/posts.ts";

export function Tags({ tags }: { tags: PostTag[] }) {
  const { t } = useTranslation("board");
  if (!tags.length) return null;
  return (
    <ul className="bd-tags" aria-label={t("post.tags")}>
      {tags.map((tag) => (
        <li key={tag.id} className="bd-tag" style={{ "--tag": tag.color } as React.CSSProperties}>
          <span className="bd-tag-dot" aria-hidden="true" />
          {tag.name}
        </li>
      ))}
    </ul>
  );
}

export function Badges({ post, showUnread = true }: { post: PostSummary; showUnread?: boolean }) {
  const { t } = useTranslation("board");
  return (
    <>
      {showUnread && !post.seen && (
        <>
          <span className="bd-unread-dot" aria-hidden="true" />
          <span className="visually-hidden">{t("post.unread")}</span>
        </>
      )}
      {post.isNotice && <span className="bd-badge bd-badge-notice">{t("post.notice")}</span>}
      {post.mustRead && <span className="bd-badge bd-badge-must">{t("post.mustRead")}</span>}
    </>
  );
}

export function Counts({ post }: { post: PostSummary }) {
  const { t } = useTranslation("board");
  return (
    <span className="bd-counts">
      <span>{t("post.reads", { count: post.readCount })}</span>
      <span>{t("post.replies", { count: post.replyCount })}</span>
      <span>{t("post.feels", { count: post.feelCount })}</span>
      {post.fileCount > 0 && <span>{t("post.files", { count: post.fileCount })}</span>}
    </span>
  );
}
