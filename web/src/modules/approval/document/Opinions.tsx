// A document's opinions (002 §3 "Opinion"): the list with who and when (and the action an opinion came with),
// a box to add one, and editing or deleting one's own.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { COMMENT_MAX } from "@shared/approval/constants.ts";
import type { Opinion } from "@shared/approval/documents.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { removeOpinion, saveOpinion } from "../api.ts";
import { approvalKeys, opinionsQuery } from "../queries.ts";
import { failed } from "../errors.ts";
import { formatMinute } from "../format.ts";

function CommentBox({ label, initial, submit, onDone, onCancel }: {
  label: string;
  initial: string;
  submit: string;
  onDone(comment: string): Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("approval");
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <form className="ap-comment-box" onSubmit={async (e) => {
      e.preventDefault();
      if (!text.trim()) return;
      setBusy(true);
      try {
        await onDone(text.trim());
        setText("");
      } finally {
        setBusy(false);
      }
    }}>
      <label className="visually-hidden" htmlFor={`ap-comment-${label}`}>{label}</label>
      <textarea id={`ap-comment-${label}`} className="field-input ap-textarea" value={text} maxLength={COMMENT_MAX} rows={2}
        placeholder={t("opinion.placeholder")} onChange={(e) => setText(e.target.value)} />
      <div className="ap-comment-buttons">
        {onCancel && <Button variant="secondary" onPress={onCancel}>{t("common:action.cancel")}</Button>}
        <Button type="submit" isDisabled={busy || !text.trim()}>{submit}</Button>
      </div>
    </form>
  );
}

export function Opinions({ docId }: { docId: number }) {
  const { t } = useTranslation("approval");
  const qc = useQueryClient();
  const list = useQuery(opinionsQuery(docId));
  const [editing, setEditing] = useState<number | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: approvalKeys.opinions(docId) });

  async function save(comment: string, o?: Opinion) {
    try {
      await saveOpinion(docId, comment, o?.opinionId);
      setEditing(null);
      await refresh();
    } catch (e) {
      failed(e);
      throw e;
    }
  }
  async function remove(o: Opinion) {
    if (!await confirm({ message: t("opinion.askDelete"), danger: true, confirmLabel: t("opinion.delete") })) return;
    try {
      await removeOpinion(o.opinionId);
      await refresh();
    } catch (e) {
      failed(e);
    }
  }

  return (
    <section className="ap-section" aria-labelledby="ap-sec-opinions">
      <h2 id="ap-sec-opinions" className="ap-section-title">{t("opinion.title", { count: list.data?.length ?? 0 })}</h2>
      <ul role="list" className="ap-opinions">
        {list.data?.map((o) => (
          <li key={o.id} className="ap-opinion">
            <div className="ap-opinion-head">
              <strong>{o.user.name}</strong>
              {o.action && <span className="ap-opinion-action">{t(`opinion.action.${o.action}`, { defaultValue: o.action })}</span>}
              <span className="ap-muted">{formatMinute(o.updatedAt || o.createdAt)}</span>
            </div>
            {editing === o.opinionId
              ? <CommentBox label={t("opinion.edit")} initial={o.comment} submit={t("opinion.save")} onDone={(c) => save(c, o).catch(() => {})}
                onCancel={() => setEditing(null)} />
              : <p className="ap-opinion-text">{o.comment}</p>}
            {o.mine && editing !== o.opinionId && (
              <div className="ap-opinion-tools">
                <Button variant="ghost" onPress={() => setEditing(o.opinionId)} aria-label={t("opinion.editOf", { name: o.user.name })}>
                  {t("opinion.edit")}
                </Button>
                <Button variant="ghost" onPress={() => remove(o)}>{t("opinion.delete")}</Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <CommentBox label={t("opinion.add")} initial="" submit={t("opinion.add")} onDone={(c) => save(c).catch(() => {})} />
    </section>
  );
}
