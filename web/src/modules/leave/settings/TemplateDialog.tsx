// A leave type (002 §3 template; POST / PATCH templates): name, default days and validity, the units it may be
// taken in, weekends counted, paid, employees may apply, only an administrator cancels. The ANNUAL type keeps its
// kind; its flags and numbers may change.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { TEMPLATE_NAME_MAX } from "@shared/leave/constants.ts";
import type { Template } from "@shared/leave/leave.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import * as leaveApi from "../api.ts";
import { DaysField, validDays } from "../DaysField.tsx";
import { leaveErrorText } from "../errors.ts";
import { refreshLeave } from "../queries.ts";

export const FLAGS = [
  "fullDayAllowed", "halfDayAllowed", "quarterDayAllowed", "oneHourAllowed", "weekendIncluded", "paid", "employeeApplicationAllowed", "adminCancellationOnly",
] as const;
type Flag = (typeof FLAGS)[number];
const UNIT_FLAGS: Flag[] = ["fullDayAllowed", "halfDayAllowed", "quarterDayAllowed", "oneHourAllowed"];

const NEW: leaveApi.TemplateBody = {
  name: "", defaultAllocation: 0, defaultValidityPeriod: 0, fullDayAllowed: true, halfDayAllowed: true, quarterDayAllowed: false,
  oneHourAllowed: false, weekendIncluded: false, paid: true, employeeApplicationAllowed: true, adminCancellationOnly: false,
};

export function TemplateDialog({ template, onClose }: { template?: Template; onClose(): void }) {
  const { t } = useTranslation("leave");
  const qc = useQueryClient();
  const [f, setF] = useState<leaveApi.TemplateBody>(() => {
    if (!template) return NEW;
    const { id: _id, type: _type, ...rest } = template;
    return rest;
  });
  const [days, setDays] = useState(String(f.defaultAllocation));
  const [validity, setValidity] = useState(String(f.defaultValidityPeriod));
  const [error, setError] = useState<string | null>(null);
  const set = (p: Partial<leaveApi.TemplateBody>) => (setF((x) => ({ ...x, ...p })), setError(null));
  const m = useMutation({
    mutationFn: () => {
      const body = { ...f, name: f.name.trim(), defaultAllocation: Number(days), defaultValidityPeriod: Number(validity) };
      return template ? leaveApi.patchTemplate(template.id, body) : leaveApi.createTemplate(body);
    },
    onSuccess: () => {
      snackbar("SUCCESS", t("template.saved"));
      onClose();
    },
    onError: (e) => setError(leaveErrorText(e)),
    onSettled: () => refreshLeave(qc),
  });
  function submit() {
    if (!f.name.trim()) return setError(t("template.nameRequired"));
    if (!validDays(days)) return setError(t("leaveErrors:leave.invalid_days"));
    if (!/^\d+$/.test(validity) || Number(validity) > 3660) return setError(t("template.validityInvalid"));
    if (!UNIT_FLAGS.some((k) => f[k])) return setError(t("template.unitRequired"));
    m.mutate();
  }
  return (
    <Dialog title={template ? t("template.editTitle", { name: template.name }) : t("template.newTitle")} isOpen onClose={onClose} width={560}>
      <Form className="lv-form" onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}>
        <TextField label={t("template.name")} value={f.name} onChange={(v) => set({ name: v })} maxLength={TEMPLATE_NAME_MAX} isRequired autoFocus />
        <div className="lv-form-row">
          <DaysField label={t("template.defaultAllocation")} value={days} onChange={(v) => (setDays(v), setError(null))} />
          <TextField label={t("template.validity")} description={t("template.validityHelp")} value={validity} inputMode="numeric"
            onChange={(v) => (setValidity(v), setError(null))} />
        </div>
        <fieldset className="lv-fieldset">
          <legend className="field-label">{t("template.units")}</legend>
          <div className="lv-checks">
            {UNIT_FLAGS.map((k) => <Checkbox key={k} isSelected={f[k]} onChange={(v) => set({ [k]: v })}>{t(`template.flag.${k}`)}</Checkbox>)}
          </div>
        </fieldset>
        <fieldset className="lv-fieldset">
          <legend className="field-label">{t("template.rules")}</legend>
          <div className="lv-checks lv-checks-col">
            {FLAGS.filter((k) => !UNIT_FLAGS.includes(k)).map((k) => (
              <Checkbox key={k} isSelected={f[k]} onChange={(v) => set({ [k]: v })}>{t(`template.flag.${k}`)}</Checkbox>
            ))}
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
