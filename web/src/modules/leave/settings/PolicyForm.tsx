// The leave policy (002 §3; PUT policies): who approves (sub-organisations' heads too), when annual leave is
// granted (each hire anniversary, or a fiscal year from MM-DD, with the first year's prorated days rounded and to
// how many places), advance use of next year's leave, the first year's monthly leave into the second year, how
// many days carry over, and whether §61 promotion notices go out. Beside the basis: since when it applies (a change
// applies from its day on, never back) and "run now" for the accrual (AccrualRun).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { DECIMAL_PLACES, FISCAL_DATE_PATTERN, ROUNDINGS, type Rounding } from "@shared/leave/constants.ts";
import type { Policy } from "@shared/leave/leave.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import * as leaveApi from "../api.ts";
import { DaysField, validDays } from "../DaysField.tsx";
import { leaveErrorText } from "../errors.ts";
import { LoadState } from "../LoadState.tsx";
import { policyQuery, refreshLeave } from "../queries.ts";
import { formatDate } from "../format.tsx";
import { AccrualRun, useAccrualRun } from "./AccrualRun.tsx";

export function PolicySection() {
  const q = useQuery(policyQuery);
  const run = useAccrualRun();
  return (
    <>
      <LoadState query={q} />
      {q.data && <PolicyForm key={q.dataUpdatedAt} policy={q.data} run={run} />}
    </>
  );
}

function PolicyForm({ policy, run }: { policy: Policy; run: ReturnType<typeof useAccrualRun> }) {
  const { t, i18n } = useTranslation("leave");
  const qc = useQueryClient();
  const [p, setP] = useState(policy);
  const fiscal = p.annualLeaveAllocationDate !== "HIRE_DATE";
  const [fiscalStart, setFiscalStart] = useState(fiscal ? p.annualLeaveAllocationDate : "01-01");
  const [carry, setCarry] = useState(String(p.carryOverMaxDays));
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Policy>) => (setP((x) => ({ ...x, ...patch })), setError(null));
  const fiscalBad = fiscal && !FISCAL_DATE_PATTERN.test(fiscalStart);
  const m = useMutation({
    mutationFn: () => leaveApi.savePolicy({ ...p, annualLeaveAllocationDate: fiscal ? fiscalStart : "HIRE_DATE", carryOverMaxDays: Number(carry) }),
    onSuccess: () => snackbar("SUCCESS", t("policy.saved")),
    onError: (e) => setError(leaveErrorText(e)),
    onSettled: () => refreshLeave(qc),
  });
  return (
    <Form className="lv-form lv-settings-form" onSubmit={(e) => {
      e.preventDefault();
      if (fiscalBad) setError(t("policy.fiscalInvalid"));
      else if (!validDays(carry)) setError(t("leaveErrors:leave.invalid_days"));
      else m.mutate();
    }}>
      <fieldset className="lv-fieldset">
        <legend className="lv-legend">{t("policy.allocation")}</legend>
        <div className="lv-form-row">
          <SelectField label={t("policy.basis")} value={fiscal ? "FISCAL" : "HIRE_DATE"}
            onChange={(v) => set({ annualLeaveAllocationDate: v === "HIRE_DATE" ? "HIRE_DATE" : fiscalStart })}
            options={[{ id: "HIRE_DATE", label: t("policy.hireDate") }, { id: "FISCAL", label: t("policy.fiscal") }]} />
          {fiscal && (
            <TextField label={t("policy.fiscalStart")} description={t("policy.fiscalHelp")} value={fiscalStart} maxLength={5}
              onChange={(v) => (setFiscalStart(v), set({ annualLeaveAllocationDate: v }))} errorMessage={fiscalBad ? t("policy.fiscalInvalid") : undefined} />
          )}
        </div>
        {fiscal && (
          <div className="lv-form-row">
            <SelectField label={t("policy.rounding")} value={p.firstAnnualLeaveRounding} onChange={(v) => set({ firstAnnualLeaveRounding: v as Rounding })}
              options={ROUNDINGS.map((r) => ({ id: r, label: t(`policy.round.${r}`) }))} />
            <SelectField label={t("policy.decimals")} value={String(p.firstAnnualLeaveDecimalPlace)}
              onChange={(v) => set({ firstAnnualLeaveDecimalPlace: Number(v) })}
              options={DECIMAL_PLACES.map((d) => ({ id: String(d), label: t("policy.places", { count: d }) }))} />
          </div>
        )}
        {policy.basisSince && (
          <p className="lv-muted lv-small">{t("policy.basisSince", { date: formatDate(policy.basisSince, i18n.language) })}</p>
        )}
        <AccrualRun run={run} />
      </fieldset>
      <fieldset className="lv-fieldset">
        <legend className="lv-legend">{t("policy.use")}</legend>
        <Switch label={t("policy.advance")} description={t("policy.advanceHelp")} isSelected={p.advanceNextAllocationAllowed}
          onChange={(v) => set({ advanceNextAllocationAllowed: v })} />
        <Switch label={t("policy.underOneYear")} description={t("policy.underOneYearHelp")} isSelected={p.underOneYearLeaveAvailableNextYear}
          onChange={(v) => set({ underOneYearLeaveAvailableNextYear: v })} />
        <DaysField label={t("policy.carryOver")} description={t("policy.carryOverHelp")} value={carry} onChange={(v) => (setCarry(v), setError(null))} />
      </fieldset>
      <fieldset className="lv-fieldset">
        <legend className="lv-legend">{t("policy.approval")}</legend>
        <Switch label={t("policy.subOrg")} description={t("policy.subOrgHelp")} isSelected={p.subOrgManageable} onChange={(v) => set({ subOrgManageable: v })} />
        <Switch label={t("policy.promotion")} description={t("policy.promotionHelp")} isSelected={p.promotionEnabled} onChange={(v) => set({ promotionEnabled: v })} />
      </fieldset>
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="lv-form-actions">
        <Button type="submit" isDisabled={m.isPending}>{t("save")}</Button>
      </div>
    </Form>
  );
}
