// One reply: author, time (and when it was edited), its text with mentions, an attached file, and what the
// user may do with it — answer it (a reply to a child answers the thread, naming its author), edit it (its author),
// delete it (its author or a manager; board.30 on failure). A deleted reply that still has answers shows as
// blind ("삭제된 댓글입니다").
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Reply } from "@shared/board/replies.ts";
import { confirm } from "../../../../app/feedback/confirm.tsx";
import { formatBytes } from "../../../../lib/bytes.ts";
import { Button } from "../../../../ui/Button.tsx";
import * as boardApi from "../../api.ts";
import { done, failed } from "../feedback.ts";
import { dateTime, mentionToken } from "../format.ts";
import { saveFile } from "../PostFiles.tsx";
import { refreshReplies } from "../queries.ts";
import { ReplyComposer } from "./ReplyComposer.tsx";
import { ReplyText } from "./ReplyText.tsx";

export function ReplyItem({ reply, onAnswer }: { reply: Reply; onAnswer(mention: string): void }) {
  const { t, i18n } = useTranslation("board");
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const edited = reply.updatedTimeMillis > reply.createdTimeMillis;

  if (reply.isBlind) {
    return <div className="bv-reply bv-reply-blind"><p className="bv-muted">{t("view.blindReply")}</p></div>;
  }

  async function remove() {
    if (!await confirm({ message: t("view.deleteReplyQuestion"), confirmLabel: t("view.delete"), danger: true })) return;
    try {
      await boardApi.deleteReply(reply.id);
      done("replyDeleted");
      await refreshReplies(qc, reply.postId);
    } catch (e) {
      failed(e, "replyDeleteFailed");
    }
  }

  return (
    <div className="bv-reply" aria-label={t("view.replyBy", { name: reply.userName })} role="group">
      <p className="bv-reply-meta">
        <span className="bv-author" title={reply.userEmail}>{reply.userName}</span>
        <span className="bv-muted">{dateTime(reply.createdTimeMillis, i18n.language)}</span>
        {edited && <span className="bv-muted">{t("view.replyEdited")}</span>}
      </p>
      {editing ? (
        <ReplyComposer label={t("view.editReplyLabel")} initial={reply.replyContent} initialFile={reply.attach} submitLabel={t("view.save")} autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={async ({ replyContent, file }) => {
            try {
              await boardApi.updateReply(reply.id, { replyContent, fileId: file ? file.id : null });
              setEditing(false);
              await refreshReplies(qc, reply.postId);
              return true;
            } catch (e) {
              failed(e, "replyEditFailed");
              return false;
            }
          }} />
      ) : (
        <>
          <ReplyText text={reply.replyContent} />
          {reply.attach && (
            <p className="bv-attached">
              {reply.attach.inlineUrl && <img className="bv-reply-image" src={reply.attach.inlineUrl} alt={t("view.preview", { name: reply.attach.name })} loading="lazy" />}
              <span>{reply.attach.name}</span> <span className="bv-muted">{formatBytes(reply.attach.size, i18n.language)}</span>
              <Button variant="ghost" className="bv-small" aria-label={t("view.download", { name: reply.attach.name })} onPress={() => void saveFile(reply.attach!)}>
                {t("view.save")}
              </Button>
            </p>
          )}
          <div className="bv-reply-actions">
            <Button variant="ghost" className="bv-small" onPress={() => onAnswer(reply.parentId ? mentionToken(reply.userName, reply.userId) + " " : "")}>
              {t("view.answer")}
            </Button>
            {reply.editable && <Button variant="ghost" className="bv-small" onPress={() => setEditing(true)}>{t("view.edit")}</Button>}
            {reply.deletable && <Button variant="ghost" className="bv-small" onPress={() => void remove()}>{t("view.delete")}</Button>}
          </div>
        </>
      )}
    </div>
  );
}
