// HR's reports (GET hr/leaves/report): the 연차휴가대장 (leave ledger) or the usage report of a period and an
// organisation as an .xlsx, fetched with the bearer token and saved under the server's file name. (Running the
// accrual now is on the policy tab: AccrualRun.)
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { saveBlob } from "../../../lib/download.ts";
import { Button } from "../../../ui/Button.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import * as leaveApi from "../api.ts";
import { leaveErrorText } from "../errors.ts";
import { OrganFilter } from "../members/OrganFilter.tsx";
import { today } from "../search.ts";

export function ReportsSection() {
  const { t } = useTranslation("leave");
  const year = today().slice(0, 4);
  const [kind, setKind] = useState<"ledger" | "usage">("ledger");
  const [from, setFrom] = useState(`${year}-01-01`);
  const [to, setTo] = useState(`${year}-12-31`);
  const [organ, setOrgan] = useState<{ organId: number | undefined; includeChildren: boolean }>({ organId: undefined, includeChildren: true });
  const [error, setError] = useState<string | null>(null);
  const download = useMutation({
    mutationFn: () => leaveApi.report({ kind, from, to, ...organ }, `${t(`report.${kind}`)}.xlsx`),
    onSuccess: ({ blob, name }) => saveBlob(blob, name),
    onError: (e) => setError(leaveErrorText(e)),
  });
  return (
    <div className="lv-settings-block">
      <section className="lv-section" aria-labelledby="lv-report-title">
        <h2 id="lv-report-title" className="lv-section-title">{t("report.title")}</h2>
        <Form className="lv-form lv-settings-form" onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          if (!from || !to || to < from) setError(t("allocation.periodInvalid"));
          else download.mutate();
        }}>
          <SelectField label={t("report.kind")} value={kind} onChange={(v) => setKind(v as "ledger" | "usage")}
            options={[{ id: "ledger", label: t("report.ledger") }, { id: "usage", label: t("report.usage") }]} />
          <div className="lv-form-row">
            <NativeField label={t("report.from")} type="date" value={from} required onChange={setFrom} />
            <NativeField label={t("report.to")} type="date" value={to} required min={from} onChange={setTo} />
          </div>
          <OrganFilter {...organ} onChange={setOrgan} />
          {error && <p className="field-error" role="alert">{error}</p>}
          <div className="lv-form-actions">
            <Button type="submit" isDisabled={download.isPending}>{t("report.download")}</Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
