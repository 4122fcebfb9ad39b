// A top-level reply with its answers: the first page of children comes with it (reply/list); "답글 더보기" loads
// the next pages (reply/{id}/children, page 1 on). Answering opens a composer under the thread; its reply goes
// to this top-level reply (a reply to a child starts with a mention of the child's author).
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Reply } from "@shared/board/replies.ts";
import { Button } from "../../../../ui/Button.tsx";
import * as boardApi from "../../api.ts";
import { failed } from "../feedback.ts";
import { refreshReplies } from "../queries.ts";
import { ReplyComposer } from "./ReplyComposer.tsx";
import { ReplyItem } from "./ReplyItem.tsx";

export function ReplyThread({ reply, pageSize }: { reply: Reply; pageSize: number }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const [answering, setAnswering] = useState<{ start: string; n: number } | null>(null);
  const [expanded, setExpanded] = useState(false);
  const more = useInfiniteQuery({
    queryKey: ["board", "children", reply.id, "more", pageSize],
    queryFn: ({ pageParam, signal }) => boardApi.childReplies(reply.id, pageParam, pageSize, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => ((all.length + 1) * pageSize < last.totalElements ? all.length + 1 : undefined),
    enabled: expanded,
  });
  const first = reply.children?.content ?? [];
  const rest = expanded ? more.data?.pages.flatMap((p) => p.content) ?? [] : [];
  const seen = new Set(first.map((c) => c.id));
  const children = [...first, ...rest.filter((c) => !seen.has(c.id))];
  const total = Math.max(reply.children?.totalElements ?? 0, more.data?.pages.at(-1)?.totalElements ?? 0);
  const left = total - children.length;
  const answer = (start: string) => setAnswering((a) => ({ start, n: (a?.n ?? 0) + 1 }));

  return (
    <li className="bv-thread">
      <ReplyItem reply={reply} onAnswer={answer} />
      {(children.length > 0 || answering) && (
        <ul className="bv-children" aria-label={t("view.answersTo", { name: reply.userName })}>
          {children.map((c) => <li key={c.id}><ReplyItem reply={c} onAnswer={answer} /></li>)}
          {left > 0 && (
            <li>
              <Button variant="ghost" className="bv-small bv-more" isDisabled={more.isFetching}
                onPress={() => (expanded ? void more.fetchNextPage() : setExpanded(true))}>
                {t("view.moreAnswers", { count: left })}
              </Button>
            </li>
          )}
          {answering && (
            <li>
              <ReplyComposer key={answering.n} label={t("view.answerLabel", { name: reply.userName })} initial={answering.start} autoFocus
                submitLabel={t("view.submit")} onCancel={() => setAnswering(null)}
                onSubmit={async ({ replyContent, file }) => {
                  try {
                    await boardApi.addReply({ postId: reply.postId, parentId: reply.id, replyContent, fileId: file?.id ?? null });
                    setAnswering(null);
                    await refreshReplies(qc, reply.postId);
                    return true;
                  } catch (e) {
                    failed(e, "replyFailed");
                    return false;
                  }
                }} />
            </li>
          )}
        </ul>
      )}
    </li>
  );
}
