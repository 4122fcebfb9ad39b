// The post's actions: edit (the editor, write/), delete to trash (after a question; board.26/25), move to another
// board the user may write on, the notice toggle (board.129–132), copy the link, read/unread for the user, and
// the read list (the author or a manager). Which ones show follows the post's userPrivilege and editable.
import { useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Post } from "@shared/board/posts.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import * as boardApi from "../api.ts";
import { boardKeys } from "../queries.ts";
import { done, failed } from "./feedback.ts";
import { editLink, listLink, postUrl } from "./links.ts";
import { MoveDialog } from "./MoveDialog.tsx";
import { refreshReadState } from "./queries.ts";
import { ReadListDialog } from "./ReadListDialog.tsx";

export function PostActions({ post, isAuthor }: { post: Post; isAuthor: boolean }) {
  const { t } = useTranslation("board");
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<"move" | "readers" | null>(null);
  const manager = post.userPrivilege === "MANAGE";
  const mayNotice = manager || (isAuthor && post.userPrivilege === "WRITE");
  const refresh = () => qc.invalidateQueries({ queryKey: boardKeys.all });

  async function remove() {
    const ok = await confirm({ message: t("view.deleteQuestion"), confirmLabel: t("view.delete"), danger: true });
    if (!ok) return;
    try {
      await boardApi.deletePost(post.id);
      done("deleted", undefined, { carry: true });
      qc.removeQueries({ queryKey: boardKeys.post(post.id) });
      void refresh();
      void navigate({ ...listLink(post.boardId), replace: true });
    } catch (e) {
      failed(e, "deleteFailed");
    }
  }

  async function toggleNotice() {
    const on = !post.isNotice;
    try {
      const next = await boardApi.setNotice(post.id, on);
      qc.setQueryData(boardKeys.post(post.id), next);
      done(on ? "noticeOn" : "noticeOff");
      void refresh();
    } catch (e) {
      failed(e, on ? "noticeOnFailed" : "noticeOffFailed");
    }
  }

  async function toggleRead() {
    const read = !post.seen;
    try {
      await (read ? boardApi.markRead([post.id]) : boardApi.markUnread([post.id]));
      qc.setQueryData<Post>(boardKeys.post(post.id), (p) => (p ? { ...p, seen: read } : p));
      done(read ? "markedRead" : "markedUnread");
      void refreshReadState(qc);
    } catch (e) {
      failed(e, "readFailed");
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(postUrl(post.id, post.boardId));
      done("linkCopied");
    } catch {
      failed(null, "linkCopyFailed");
    }
  }

  return (
    <div className="bv-actions" role="toolbar" aria-label={t("view.actions")}>
      {post.editable && (
        <Button variant="secondary" className="bv-small" onPress={() => void navigate(editLink(post.boardId, post.id))}>{t("view.edit")}</Button>
      )}
      {post.editable && <Button variant="secondary" className="bv-small" onPress={() => void remove()}>{t("view.delete")}</Button>}
      {post.editable && <Button variant="secondary" className="bv-small" onPress={() => setDialog("move")}>{t("view.move")}</Button>}
      {mayNotice && (
        <Button variant="secondary" className="bv-small" onPress={() => void toggleNotice()}>
          {post.isNotice ? t("view.noticeOff") : t("view.noticeOn")}
        </Button>
      )}
      {(manager || isAuthor) && (
        <Button variant="secondary" className="bv-small" onPress={() => setDialog("readers")}>{t("view.readList")}</Button>
      )}
      <Button variant="ghost" className="bv-small" onPress={() => void toggleRead()}>{post.seen ? t("view.markUnread") : t("view.markRead")}</Button>
      <Button variant="ghost" className="bv-small" onPress={() => void copyLink()}>{t("view.copyLink")}</Button>
      {dialog === "move" && <MoveDialog post={post} onClose={() => setDialog(null)} />}
      {dialog === "readers" && <ReadListDialog post={post} onClose={() => setDialog(null)} />}
    </div>
  );
}
