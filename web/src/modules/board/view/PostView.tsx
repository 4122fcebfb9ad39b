// The post itself (001 §3 "Post"): where it sits (back to the list, the board's name), its title with the notice
// and must-read badges, author, dates and read count, tags, the actions, the content, its first external link's
// preview, the files, the reactions and the replies. Opening it marks it read once (PUT post/{postId}/view).
import { Link } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { Post } from "@shared/board/posts.ts";
import { userDetailQuery } from "../../../app/queries.ts";
import * as boardApi from "../api.ts";
import { boardKeys } from "../queries.ts";
import type { ViewAction } from "../paths.ts";
import { dateTime } from "./format.ts";
import { refreshReadState } from "./queries.ts";
import { listLink } from "./links.ts";
import { PostActions } from "./PostActions.tsx";
import { PostContent } from "./PostContent.tsx";
import { PostFiles } from "./PostFiles.tsx";
import { LinkPreview } from "./LinkPreview.tsx";
import { Reactions } from "./Reactions.tsx";
import { ReplySection } from "./replies/ReplySection.tsx";

export function PostView({ post, back }: { post: Post; back: ViewAction }) {
  const { t, i18n } = useTranslation("board");
  const qc = useQueryClient();
  const me = useQuery(userDetailQuery).data;

  useEffect(() => {
    boardApi.viewPost(post.id).then(
      ({ readCount }) => {
        qc.setQueryData<Post>(boardKeys.post(post.id), (p) => (p ? { ...p, readCount, seen: true } : p));
        void refreshReadState(qc);
      },
      () => {}, // the post shows anyway; its read mark is the server's business
    );
  }, [post.id]);

  const edited = post.updatedTimeMillis > post.createdTimeMillis;
  return (
    <article className="bv-page" aria-labelledby="bv-title">
      <nav className="bv-crumbs" aria-label={t("view.where")}>
        <Link {...listLink(back.boardId, back)} className="bv-back">‹ {t("view.backToList")}</Link>
        <span aria-hidden="true" className="bv-muted">·</span>
        <Link {...listLink(post.boardId)} className="bv-board">{post.boardName}</Link>
      </nav>
      <header className="bv-head">
        {(post.isNotice || post.mustRead) && (
          <p className="bv-badges">
            {post.isNotice && <span className="bv-badge bv-badge-notice">{t("view.notice")}</span>}
            {post.mustRead && <span className="bv-badge bv-badge-must">{t("view.mustRead")}</span>}
          </p>
        )}
        <h1 id="bv-title" className="bv-title">{post.title}</h1>
        <p className="bv-meta">
          <span className="bv-author" title={post.userEmail}>{post.userName}</span>
          <span>{dateTime(post.createdTimeMillis, i18n.language)}</span>
          {edited && <span>{t("view.edited", { time: dateTime(post.updatedTimeMillis, i18n.language) })}</span>}
          <span>{t("view.readCount", { count: post.readCount })}</span>
          {post.mailFrom && <span className="bv-mail-from">{t("view.mailFrom", { from: post.mailFrom })}</span>}
        </p>
        {post.tags.length > 0 && (
          <ul className="bv-tags" aria-label={t("view.tags")}>
            {post.tags.map((tag) => (
              <li key={tag.id} className="bv-tag"><span className="bv-tag-dot" style={{ background: tag.color }} aria-hidden="true" />{tag.name}</li>
            ))}
          </ul>
        )}
      </header>
      <PostActions post={post} isAuthor={post.userId === me?.id} />
      <PostContent html={post.content} />
      <LinkPreview html={post.content} />
      {post.files.length > 0 && <PostFiles files={post.files} />}
      <Reactions post={post} />
      <ReplySection post={post} />
    </article>
  );
}
