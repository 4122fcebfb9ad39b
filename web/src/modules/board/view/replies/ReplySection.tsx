// The replies of a post (001 §3 "Reply"): the count (blind ones not counted), the composer, then the top-level
// replies oldest first, a page at a time ("댓글 더보기" loads the next page), each with its answers. The page
// size is the user's board config (replyPageSize), REPLY_PAGE_SIZE until it loads. board.27 when they do not load.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { REPLY_PAGE_SIZE } from "@shared/board/constants.ts";
import type { Post } from "@shared/board/posts.ts";
import { Button } from "../../../../ui/Button.tsx";
import * as boardApi from "../../api.ts";
import { configQuery, replyCountQuery } from "../../queries.ts";
import { failed, failureText } from "../feedback.ts";
import { refreshReplies } from "../queries.ts";
import { ReplyComposer } from "./ReplyComposer.tsx";
import { ReplyThread } from "./ReplyThread.tsx";

export function ReplySection({ post }: { post: Post }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const config = useQuery(configQuery);
  const pageSize = config.data?.replyPageSize ?? REPLY_PAGE_SIZE;
  const count = useQuery({ ...replyCountQuery(post.id), initialData: { count: post.replyCount }, initialDataUpdatedAt: 0 });
  const list = useInfiniteQuery({
    queryKey: ["board", "replies", post.id, "pages", pageSize],
    queryFn: ({ pageParam, signal }) => boardApi.replies(post.id, pageParam, pageSize, signal),
    initialPageParam: 0,
    getNextPageParam: (last, all) => ((all.length) * pageSize < last.totalElements ? all.length : undefined),
    enabled: !config.isPending,
    retry: false,
  });
  const replies = list.data?.pages.flatMap((p) => p.content) ?? [];
  const total = list.data?.pages.at(-1)?.totalElements ?? 0;

  return (
    <section className="bv-replies" aria-labelledby="bv-replies-title">
      <h2 id="bv-replies-title" className="bv-section-title">{t("view.replies", { count: count.data.count })}</h2>
      <ReplyComposer label={t("view.replyLabel")} submitLabel={t("view.submit")}
        onSubmit={async ({ replyContent, file }) => {
          try {
            await boardApi.addReply({ postId: post.id, parentId: null, replyContent, fileId: file?.id ?? null });
            await refreshReplies(qc, post.id);
            return true;
          } catch (e) {
            failed(e, "replyFailed");
            return false;
          }
        }} />
      {list.isError && <p className="bv-error" role="alert">{failureText(list.error, "repliesLoadFailed")}</p>}
      {replies.length > 0 && (
        <ul className="bv-threads" aria-label={t("view.replyList")}>
          {replies.map((r) => <ReplyThread key={r.id} reply={r} pageSize={pageSize} />)}
        </ul>
      )}
      {list.hasNextPage && (
        <Button variant="secondary" className="bv-more-replies" isDisabled={list.isFetchingNextPage} onPress={() => void list.fetchNextPage()}>
          {t("view.moreReplies", { count: total - replies.length })}
        </Button>
      )}
    </section>
  );
}
