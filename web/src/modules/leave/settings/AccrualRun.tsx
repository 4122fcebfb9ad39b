// "Run now" for the accrual (POST hr/leaves/accrual/run; the job also runs every hour), on the policy tab beside
// the basis it grants by, with what the run did: allocations granted and allocations logged as lapsed. The run
// (useAccrualRun) lives in PolicySection, above the form that is remade when the policy is fetched again, so its
// result stays on screen; the policy itself is not fetched again for it (unsaved edits stay too).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button.tsx";
import * as leaveApi from "../api.ts";
import { leaveErrorText } from "../errors.ts";

export function useAccrualRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: leaveApi.runAccrual,
    onSettled: () => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === "leave" && q.queryKey[1] !== "policy" }),
  });
}

export function AccrualRun({ run }: { run: ReturnType<typeof useAccrualRun> }) {
  const { t } = useTranslation("leave");
  return (
    <div className="lv-accrual" role="group" aria-labelledby="lv-accrual-title">
      <h3 id="lv-accrual-title" className="lv-legend">{t("accrual.title")}</h3>
      <p className="lv-muted lv-small">{t("accrual.help")}</p>
      <div className="lv-form-actions">
        <Button variant="secondary" isDisabled={run.isPending} onPress={() => run.mutate()}>{t("accrual.run")}</Button>
      </div>
      <p role="status" className="lv-small">
        {run.data && t("accrual.result", { granted: run.data.granted, expired: run.data.expired })}
      </p>
      {run.error && <p className="field-error" role="alert">{leaveErrorText(run.error)}</p>}
    </div>
  );
}
