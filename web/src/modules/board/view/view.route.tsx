// /board/view/{postId}/{actionObj} (001 §2): one post with its files, reactions, read list and replies.
// actionObj { boardId, viewType, page } (paths.ts parseViewAction) is where "back to the list" goes. Opening the
// post marks it read (PUT post/{postId}/view). A post that fails to load goes back to that list with the reason
// (board.33/34; a 403 board.8/18). BOARD_CHANGED refetches it (the island's realtime.ts refreshes every
// ["board", …] query, the post, its reactions, replies and read list among them).
import { createLazyRoute, useNavigate, useParams } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { postQuery } from "../queries.ts";
import { parseViewAction, type ViewAction } from "../paths.ts";
import { messageText, postLoadText } from "./feedback.ts";
import { listLink } from "./links.ts";
import { PostView } from "./PostView.tsx";
import "./view.css";

export const Route = createLazyRoute("/app/board/view/$postId/$actionObj")({ component: PostPage });

function PostPage() {
  const params = useParams({ strict: false }) as { postId?: string; actionObj?: string };
  const postId = /^\d{1,15}$/.test(params.postId ?? "") ? Number(params.postId) : 0;
  const back = parseViewAction(params.actionObj);
  return <PostLoader key={postId} postId={postId} back={back} />;
}

function PostLoader({ postId, back }: { postId: number; back: ViewAction }) {
  const { t } = useTranslation("board");
  const navigate = useNavigate();
  const post = useQuery({ ...postQuery(postId), enabled: postId > 0 });
  const failedToLoad = postId <= 0 || (post.isError && !post.data);

  useEffect(() => {
    if (!failedToLoad) return;
    snackbar("ERROR", postId > 0 ? postLoadText(post.error) : messageText("notFound"), { carry: true });
    void navigate({ ...listLink(back.boardId, back), replace: true });
  }, [failedToLoad]);

  if (!post.data) {
    return <div className="bv-page" aria-busy="true"><p className="bv-muted">{failedToLoad ? "" : t("view.loading")}</p></div>;
  }
  return <PostView post={post.data} back={back} />;
}
