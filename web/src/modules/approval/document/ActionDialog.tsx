// The dialog of a line action with a comment: approve (with 전결 when the line may finish the group), reject
// (with 전단계 반려 when a previous approver can take it back) and return (반송).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { COMMENT_MAX } from "@shared/approval/constants.ts";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";

export type CommentAction = "approve" | "reject" | "return";

export function ActionDialog({ kind, option, onClose, onSubmit }: {
  kind: CommentAction;
  /** The checkbox of 전결 (approve) or 전단계 반려 (reject), when allowed. */
  option: boolean;
  onClose(): void;
  onSubmit(comment: string, option: boolean): Promise<void>;
}) {
  const { t } = useTranslation("approval");
  const [comment, setComment] = useState("");
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={t(`act.${kind}.title`)} isOpen onClose={onClose} width={480}>
      <form className="ap-dialog-form" onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          await onSubmit(comment.trim(), checked);
        } finally {
          setBusy(false);
        }
      }}>
        <div className="field">
          <label className="field-label" htmlFor="ap-act-comment">{t("act.comment")}</label>
          <textarea id="ap-act-comment" className="field-input ap-textarea" rows={4} maxLength={COMMENT_MAX} value={comment}
            onChange={(e) => setComment(e.target.value)} />
        </div>
        {option && (
          <Checkbox isSelected={checked} onChange={setChecked}>{t(`act.${kind}.option`)}</Checkbox>
        )}
        {option && <p className="ap-muted">{t(`act.${kind}.optionHint`)}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("common:action.cancel")}</Button>
          <Button type="submit" variant={kind === "approve" ? "primary" : "danger"} isDisabled={busy}>{t(`act.${kind}.submit`)}</Button>
        </div>
      </form>
    </Dialog>
  );
}
