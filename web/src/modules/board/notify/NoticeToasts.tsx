// The board notices (notices.ts) at the bottom corner of the island: what happened ("새 댓글이 달렸습니다"), the
// post's title once it is read, and a link to the post (/board/view/{postId}); each can be closed. A status
// region, so screen readers announce them without taking the focus.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { Icon } from "../../../ui/icons.tsx";
import { boardPaths } from "../paths.ts";
import { postQuery } from "../queries.ts";
import { type BoardNoticeItem, closeNotice, noticesNow, subscribeNotices } from "./notices.ts";

export function NoticeToasts() {
  const { t } = useTranslation("board");
  const list = useSyncExternalStore(subscribeNotices, noticesNow);
  return (
    <div className="bd-notices" role="status" aria-label={t("notice.region")}>
      {list.map((n) => <NoticeToast key={n.id} n={n} />)}
    </div>
  );
}

function NoticeToast({ n }: { n: BoardNoticeItem }) {
  const { t } = useTranslation("board");
  const post = useQuery({ ...postQuery(n.postId), staleTime: 30_000 }).data;
  return (
    <div className="bd-notice">
      <div className="bd-notice-text">
        <strong>{t(`notice.kind.${n.kind}`)}</strong>
        {post && <span className="bd-notice-title">{post.title}</span>}
      </div>
      <Link {...boardPaths.view(n.postId, post?.boardId)} className="bd-notice-link" onClick={() => closeNotice(n.id)}>
        {t("notice.open")}
      </Link>
      <Button className="icon-button" aria-label={t("notice.close")} onPress={() => closeNotice(n.id)}>
        <Icon name="close" size={16} />
      </Button>
    </div>
  );
}
