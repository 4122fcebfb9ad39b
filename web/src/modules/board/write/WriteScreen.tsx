// The post editor screen, in the shell (/board/write/{actionObj}) or a popup (/board/write/popup/{actionObj}):
// loads what the form starts from — the boards the user may write on and the company's tags; with postId the
// post (edit mode: only its author or a manager, post.editable); with mailId the mail as a post draft (GET
// /api/mails/share/board/form/{mailId}?includeAttach=true: title, content, its attachments as uploaded files;
// the ones left out are told). A saved post opens on its page with the success text; in a popup, the window
// that opened it shows the post and the popup closes.
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { Post } from "@shared/board/posts.ts";
import { ApiError } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { boardErrorText, succeeded } from "../errors.ts";
import { actionText, boardSegment, type WriteAction } from "../paths.ts";
import { configQuery, mailFormQuery, postQuery, treeQuery } from "../queries.ts";
import { boardChoices } from "./BoardSelect.tsx";
import { blankDraft, draftOfMail, draftOfPost } from "./draft.ts";
import { postPageHash } from "./open.ts";
import { PostForm } from "./PostForm.tsx";
import { fromBoardFile } from "./useAttachments.ts";
import "./write.css";

export function WriteScreen({ action, inPopup = false }: { action: WriteAction; inPopup?: boolean }) {
  const { t } = useTranslation("board");
  const navigate = useNavigate();
  const tree = useQuery(treeQuery);
  const config = useQuery(configQuery);
  const post = useQuery({ ...postQuery(action.postId ?? 0), enabled: !!action.postId });
  const mail = useQuery({ ...mailFormQuery(action.mailId ?? 0, true), enabled: !!action.mailId && !action.postId });
  const queries = [tree, config, ...(action.postId ? [post] : []), ...(action.mailId && !action.postId ? [mail] : [])];

  const failed = queries.find((q) => q.isError);
  if (failed) {
    const text = failed === post
      ? boardErrorText(failed.error, "33")
      : failed === mail
      ? (failed.error instanceof ApiError && failed.error.status === 404 ? boardErrorText(failed.error) : t("write.mailLoadFailed"))
      : t("write.loadFailed");
    return (
      <div className="bw-screen">
        <div className="bw-state" role="alert">
          <p>{text}</p>
          <Button variant="secondary" onPress={() => queries.forEach((q) => q.isError && void q.refetch())}>{t("write.retry")}</Button>
        </div>
      </div>
    );
  }
  if (queries.some((q) => !q.data)) {
    return <div className="bw-screen"><p className="bw-state" role="status">{t("write.loading")}</p></div>;
  }

  const choices = boardChoices(tree.data!.boards);
  if (action.postId && post.data && !post.data.editable) {
    return (
      <div className="bw-screen">
        <p className="bw-state" role="alert">{t("write.notEditable")}</p>
      </div>
    );
  }
  const startBoard = choices.some((c) => c.id === action.boardId && c.writable) ? action.boardId : null;
  const initial = post.data ? draftOfPost(post.data) : mail.data ? draftOfMail(mail.data, startBoard) : blankDraft(startBoard);
  const initialFiles = post.data
    ? post.data.files.map((f) => fromBoardFile(f, true))
    : mail.data ? mail.data.files.map((f) => fromBoardFile(f, false)) : [];
  const skipped = mail.data?.skippedFiles ?? [];

  function saved(p: Post, created: boolean) {
    const opener = inPopup ? openerWindow() : null;
    succeeded(created ? "22" : "24", { carry: true, opener: opener ?? undefined });
    if (opener) {
      opener.location.hash = postPageHash(p.id, p.boardId);
      opener.focus();
      globalThis.close();
      return;
    }
    void navigate({
      to: "/board/view/$postId/$actionObj" as "/board",
      params: { postId: String(p.id), actionObj: actionText({ boardId: p.boardId }) } as never,
      replace: true,
    });
  }

  function cancel() {
    if (inPopup) return globalThis.close();
    if (action.postId) {
      void navigate({
        to: "/board/view/$postId/$actionObj" as "/board",
        params: { postId: String(action.postId), actionObj: actionText({ boardId: post.data?.boardId }) } as never,
      });
    } else {
      void navigate({ to: "/board/$boardId" as "/board", params: { boardId: boardSegment(action.boardId ?? -1) } as never });
    }
  }

  return (
    <div className={`bw-screen${inPopup ? " bw-popup" : ""}`}>
      <PostForm key={JSON.stringify(action)} initial={initial} initialFiles={initialFiles} postId={action.postId ?? undefined}
        boardName={post.data?.boardName} choices={choices} tags={config.data!.tags}
        notice={skipped.length ? t("write.skippedFiles", { names: skipped.join(", "), count: skipped.length }) : undefined}
        onSaved={saved} onCancel={cancel} />
    </div>
  );
}

/** The main window that opened this popup, when it is still there and of this app. */
function openerWindow(): Window | null {
  try {
    const o = globalThis.opener as Window | null;
    return o && !o.closed && o.location.origin === location.origin ? o : null;
  } catch {
    return null;
  }
}
