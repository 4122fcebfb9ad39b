// Approve or reject one request with a comment (PATCH usages|allocations/{id}/decision).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { REASON_MAX } from "@shared/leave/constants.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import type { Decision } from "../api.ts";
import { failed } from "../errors.ts";
import { refreshLeave } from "../queries.ts";
import { TextArea } from "../TextArea.tsx";

export function DecisionDialog({ status, subject, decide, onClose }: {
  status: Decision["status"];
  subject: string;
  decide(d: Decision): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation("leave");
  const qc = useQueryClient();
  const [comment, setComment] = useState("");
  const approve = status === "APPROVED";
  const m = useMutation({
    mutationFn: () => decide({ status, comment: comment.trim() }),
    onSuccess: () => {
      snackbar("SUCCESS", t(approve ? "decision.approved" : "decision.rejected"));
      onClose();
    },
    onError: failed,
    onSettled: () => refreshLeave(qc),
  });
  return (
    <Dialog title={t(approve ? "decision.approveTitle" : "decision.rejectTitle")} isOpen onClose={onClose}>
      <p className="lv-dialog-subject">{subject}</p>
      <TextArea label={t("decision.comment")} value={comment} onChange={setComment} maxLength={REASON_MAX} />
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("close")}</Button>
        <Button variant={approve ? "primary" : "danger"} isDisabled={m.isPending} onPress={() => m.mutate()}>
          {t(approve ? "decision.approve" : "decision.reject")}
        </Button>
      </div>
    </Dialog>
  );
}
