// The approval basic config: the box lists' page size (10, 20, 30 or 50; 002 §9).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_SIZES } from "@shared/approval/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../controls.tsx";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { basicConfigQuery, saveBasicConfig } from "./api.ts";

export function BasicConfigForm() {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const config = useQuery(basicConfigQuery);
  const [size, setSize] = useState<string | null>(null);
  useEffect(() => {
    if (config.data) setSize(String(config.data.pageSize));
  }, [config.data]);
  const save = useMutation({
    mutationFn: () => saveBasicConfig(Number(size)),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: basicConfigQuery.queryKey });
      snackbar("SUCCESS", t("approval.basic.saved"));
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e))),
  });
  return (
    <form className="adm-card adm-form aa-narrow" onSubmit={(e) => {
      e.preventDefault();
      save.mutate();
    }}>
      <SelectField label={t("approval.basic.pageSize")} description={t("approval.basic.pageSizeHint")}
        options={PAGE_SIZES.map((n) => ({ id: String(n), label: t("approval.basic.perPage", { count: n }) }))}
        value={size} onChange={setSize} isDisabled={!config.data} />
      <div className="adm-card-actions">
        <Button type="submit" isDisabled={!size || save.isPending}>{t("approval.save")}</Button>
      </div>
    </form>
  );
}
