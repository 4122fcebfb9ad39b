// HR grants days to a member (POST hr/leaves/allocations, APPROVED at once) or edits an allocation's numbers,
// period and status (PATCH hr/leaves/allocations/{id}): type, name, reason, valid from–to, granted, carried over.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { LEAVE_STATUSES, type LeaveStatus, REASON_MAX, TEMPLATE_NAME_MAX } from "@shared/leave/constants.ts";
import type { Allocation } from "@shared/leave/leave.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import * as leaveApi from "../api.ts";
import { leaveErrorText } from "../errors.ts";
import { refreshLeave, templatesQuery } from "../queries.ts";
import { today } from "../search.ts";
import { TextArea } from "../TextArea.tsx";
import { DaysField, validDays } from "../DaysField.tsx";

export function AllocationDialog({ userId, userName, allocation, onClose }: { userId: number; userName: string; allocation?: Allocation; onClose(): void }) {
  const { t } = useTranslation("leave");
  const qc = useQueryClient();
  const templates = useQuery(templatesQuery).data ?? [];
  const year = today().slice(0, 4);
  const [f, setF] = useState({
    templateId: allocation ? String(allocation.templateId) : "",
    name: allocation?.name ?? "",
    reason: allocation?.reason ?? "",
    validFrom: allocation?.validFrom ?? today(),
    validTo: allocation?.validTo ?? `${year}-12-31`,
    granted: allocation ? String(allocation.granted) : "",
    carriedOver: allocation ? String(allocation.carriedOver) : "0",
    status: (allocation?.status ?? "APPROVED") as LeaveStatus,
  });
  const [error, setError] = useState<string | null>(null);
  const set = (p: Partial<typeof f>) => (setF((x) => ({ ...x, ...p })), setError(null));
  const templateId = f.templateId || (templates[0] ? String(templates[0].id) : "");
  const problem = !templateId ? t("allocation.typeRequired")
    : !validDays(f.granted) || !validDays(f.carriedOver) ? t("leaveErrors:leave.invalid_days")
    : f.validTo < f.validFrom ? t("allocation.periodInvalid") : null;
  const m = useMutation({
    mutationFn: () => {
      const body = {
        templateId: Number(templateId), name: f.name.trim(), reason: f.reason.trim(), validFrom: f.validFrom, validTo: f.validTo,
        granted: Number(f.granted), carriedOver: Number(f.carriedOver), status: f.status,
      };
      return allocation ? leaveApi.editAllocation(allocation.id, body) : leaveApi.grant({ ...body, userId });
    },
    onSuccess: () => {
      snackbar("SUCCESS", t(allocation ? "allocation.saved" : "allocation.grantedDone"));
      onClose();
    },
    onError: (e) => setError(leaveErrorText(e)),
    onSettled: () => refreshLeave(qc),
  });
  return (
    <Dialog title={allocation ? t("allocation.editTitle", { name: userName }) : t("allocation.grantTitle", { name: userName })} isOpen onClose={onClose} width={520}>
      <Form className="lv-form" onSubmit={(e) => {
        e.preventDefault();
        if (problem) setError(problem);
        else m.mutate();
      }}>
        <SelectField label={t("allocation.type")} value={templateId || null} onChange={(v) => set({ templateId: v })}
          options={templates.map((x) => ({ id: String(x.id), label: x.name }))} isDisabled={!!allocation} />
        <TextField label={t("allocation.name")} value={f.name} onChange={(v) => set({ name: v })} maxLength={TEMPLATE_NAME_MAX} />
        <div className="lv-form-row">
          <NativeField label={t("allocation.validFrom")} type="date" value={f.validFrom} required onChange={(v) => set({ validFrom: v })} />
          <NativeField label={t("allocation.validTo")} type="date" value={f.validTo} required min={f.validFrom} onChange={(v) => set({ validTo: v })} />
        </div>
        <div className="lv-form-row">
          <DaysField label={t("allocation.granted")} value={f.granted} onChange={(v) => set({ granted: v })} isRequired />
          <DaysField label={t("allocation.carriedOver")} value={f.carriedOver} onChange={(v) => set({ carriedOver: v })} />
        </div>
        {allocation && (
          <SelectField label={t("allocation.status")} value={f.status} onChange={(v) => set({ status: v as LeaveStatus })}
            options={LEAVE_STATUSES.map((s) => ({ id: s, label: t(`status.${s}`) }))} />
        )}
        <TextArea label={t("allocation.reason")} value={f.reason} onChange={(v) => set({ reason: v })} maxLength={REASON_MAX} />
        {error && <p className="field-error" role="alert">{error}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("close")}</Button>
          <Button type="submit" isDisabled={m.isPending}>{t(allocation ? "save" : "allocation.grant")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
