// HR edits a member's HR data (PATCH hr/leaves/users/{id}: hire date, leave date, job title) and records a
// service year's attendance rate (PUT hr/leaves/users/{id}/attendance; below 80% the year earns monthly leave
// only, 근로기준법 §60(2)).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { ATTENDANCE_THRESHOLD } from "@shared/leave/constants.ts";
import type { HrUser } from "@shared/leave/leave.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import * as leaveApi from "../api.ts";
import { leaveErrorText } from "../errors.ts";
import { refreshLeave } from "../queries.ts";

export function HrUserDialog({ user, onClose }: { user: HrUser; onClose(): void }) {
  const { t } = useTranslation("leave");
  const qc = useQueryClient();
  const [hireDate, setHireDate] = useState(user.hireDate ?? "");
  const [leaveDate, setLeaveDate] = useState(user.leaveDate ?? "");
  const [jobTitle, setJobTitle] = useState(user.jobTitle ?? "");
  const [yearStart, setYearStart] = useState("");
  const [rate, setRate] = useState("");
  const [error, setError] = useState<string | null>(null);
  const rateNum = Number(rate.replace(",", "."));
  const rateBad = rate !== "" && (!/^\d+([.,]\d+)?$/.test(rate) || rateNum > 100);
  const m = useMutation({
    mutationFn: async () => {
      await leaveApi.editHrUser(user.id, { hireDate: hireDate || null, leaveDate: leaveDate || null, jobTitle: jobTitle.trim() || null });
      if (yearStart && rate) await leaveApi.setAttendance(user.id, yearStart, rateNum / 100);
    },
    onSuccess: () => {
      snackbar("SUCCESS", t("hrUser.saved"));
      onClose();
    },
    onError: (e) => setError(leaveErrorText(e)),
    onSettled: () => refreshLeave(qc),
  });
  return (
    <Dialog title={t("hrUser.editTitle", { name: user.accountName })} isOpen onClose={onClose} width={480}>
      <Form className="lv-form" onSubmit={(e) => {
        e.preventDefault();
        if (rateBad || (!!rate !== !!yearStart)) setError(t("hrUser.attendanceInvalid"));
        else m.mutate();
      }}>
        <div className="lv-form-row">
          <NativeField label={t("hrUser.hireDate")} type="date" value={hireDate} onChange={setHireDate} />
          <NativeField label={t("hrUser.leaveDate")} type="date" value={leaveDate} min={hireDate || undefined} onChange={setLeaveDate} />
        </div>
        <TextField label={t("hrUser.jobTitle")} value={jobTitle} onChange={setJobTitle} maxLength={60} />
        <fieldset className="lv-fieldset">
          <legend className="field-label">{t("hrUser.attendance")}</legend>
          <p className="field-description">{t("hrUser.attendanceHelp", { percent: ATTENDANCE_THRESHOLD * 100 })}</p>
          <div className="lv-form-row">
            <NativeField label={t("hrUser.yearStart")} type="date" value={yearStart} onChange={setYearStart} />
            <TextField label={t("hrUser.rate")} value={rate} onChange={setRate} inputMode="decimal" isInvalid={rateBad} />
          </div>
        </fieldset>
        {error && <p className="field-error" role="alert">{error}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("close")}</Button>
          <Button type="submit" isDisabled={m.isPending}>{t("save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
