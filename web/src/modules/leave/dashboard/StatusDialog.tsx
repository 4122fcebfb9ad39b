// HR changes a usage's status (PATCH hr/leaves/usages/{id}/status): any of PENDING, APPROVED, REJECTED, with a
// comment kept in the log.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LEAVE_STATUSES, type LeaveStatus, REASON_MAX } from "@shared/leave/constants.ts";
import type { Usage } from "@shared/leave/leave.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import * as leaveApi from "../api.ts";
import { failed } from "../errors.ts";
import { formatDays, usageWhen } from "../format.tsx";
import { refreshLeave } from "../queries.ts";
import { TextArea } from "../TextArea.tsx";

export function StatusDialog({ usage, onClose }: { usage: Usage; onClose(): void }) {
  const { t, i18n } = useTranslation("leave");
  const qc = useQueryClient();
  const [status, setStatus] = useState<LeaveStatus>(usage.status);
  const [comment, setComment] = useState("");
  const m = useMutation({
    mutationFn: () => leaveApi.changeStatus(usage.id, status, comment.trim()),
    onSuccess: () => {
      snackbar("SUCCESS", t("usage.statusChanged"));
      onClose();
    },
    onError: failed,
    onSettled: () => refreshLeave(qc),
  });
  return (
    <Dialog title={t("usage.changeStatus")} isOpen onClose={onClose}>
      <p className="lv-dialog-subject">
        {usage.userName} · {usage.templateName} · {usageWhen(usage, i18n.language)} · {t("days", { count: usage.usedDays, days: formatDays(usage.usedDays, i18n.language) })}
      </p>
      <SelectField label={t("usage.status")} value={status} onChange={(v) => setStatus(v as LeaveStatus)}
        options={LEAVE_STATUSES.map((s) => ({ id: s, label: t(`status.${s}`) }))} />
      <TextArea label={t("decision.comment")} value={comment} onChange={setComment} maxLength={REASON_MAX} />
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("close")}</Button>
        <Button isDisabled={m.isPending || status === usage.status} onPress={() => m.mutate()}>{t("save")}</Button>
      </div>
    </Dialog>
  );
}
