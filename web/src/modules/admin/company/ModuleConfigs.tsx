// The company configs of mail, drive, board and approval (GET /api/company/config/{module}, saved with
// PUT /api/admin/company/config/{module}), one card each with its own save; only for modules this installation
// has (app/modules.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { COMPANY_CONFIG_MODULES, type CompanyConfigModule } from "@shared/company.ts";
import type { ModuleType } from "@shared/users.ts";
import { isInstalled } from "../../../app/modules.ts";
import { api } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { companyConfigQuery } from "../api.ts";
import { NumberInput, SelectField, Switch } from "../controls.tsx";
import { notifyFailure, submitIf } from "../feedback.ts";

type Field = { key: string; /** Half a row, beside its neighbour. */ half?: boolean } & (
  | { kind: "bool" }
  | { kind: "int"; min: number; max: number; unit?: "days" }
  | { kind: "enum"; options: readonly string[] }
);

/** Fields in display order, with the limits of shared/company.ts. */
const FIELDS: Record<CompanyConfigModule, Field[]> = {
  mail: [
    { key: "largeFileMaxDuration", kind: "int", min: 1, max: 365, unit: "days" },
    { key: "largeFileMaxSize", kind: "int", min: 1, max: 100_000, half: true },
    { key: "largeFileSizeUnit", kind: "enum", options: ["MB", "GB"], half: true },
    { key: "isLargeAttPw", kind: "bool" },
    { key: "pop3", kind: "bool" },
    { key: "imap", kind: "bool" },
    { key: "sendLimitPerHour", kind: "int", min: 0, max: 1_000_000 },
    { key: "ownDomainSpoof", kind: "enum", options: ["MARK", "SPAM"] },
  ],
  drive: [{ key: "useGoogleDrive", kind: "bool" }],
  board: [{ key: "deletedPostMaxDuration", kind: "int", min: 1, max: 365, unit: "days" }],
  approval: [{ key: "prevRejectUse", kind: "bool" }, { key: "upperLineChangeUse", kind: "bool" }],
};
const MODULE_OF: Record<CompanyConfigModule, ModuleType> = { mail: "mail", drive: "drive", board: "board", approval: "approval" };

export function ModuleConfigs() {
  return (
    <div className="adm-config-grid">
      {COMPANY_CONFIG_MODULES.filter((m) => isInstalled(MODULE_OF[m])).map((m) => <ConfigCard key={m} module={m} />)}
    </div>
  );
}

function ConfigCard({ module }: { module: CompanyConfigModule }) {
  const { t } = useTranslation("admin");
  const config = useQuery(companyConfigQuery(module));
  const title = t(`common:module.${MODULE_OF[module]}`);
  return (
    <section className="adm-card" aria-labelledby={`adm-config-${module}`}>
      <h3 className="adm-card-title" id={`adm-config-${module}`}>{title}</h3>
      {config.data ? (
        <ConfigForm key={config.dataUpdatedAt} module={module} initial={config.data as Record<string, unknown>} />
      ) : (
        <p className="adm-empty">{config.isError ? t("loadFailed") : t("loading")}</p>
      )}
    </section>
  );
}

function ConfigForm({ module, initial }: { module: CompanyConfigModule; initial: Record<string, unknown> }) {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const [v, setV] = useState(initial);
  const fields = FIELDS[module];
  const invalid = (f: Field) => f.kind === "int" && !(Number.isInteger(v[f.key]) && (v[f.key] as number) >= f.min && (v[f.key] as number) <= f.max);
  const label = (key: string) => t(`company.config.${module}.${key}`);
  const help = (key: string) => t(`company.config.${module}.${key}Help`, { defaultValue: "" }) || undefined;

  const save = useMutation({
    mutationFn: () => api<{ config: Record<string, unknown> }>(`/api/admin/company/config/${module}`, { method: "PUT", json: v }),
    onSuccess: (r) => {
      qc.setQueryData(companyConfigQuery(module).queryKey, r.config as never);
      snackbar("SUCCESS", t("company.config.saved", { module: t(`common:module.${MODULE_OF[module]}`) }));
    },
    onError: notifyFailure,
  });

  return (
    <Form className="adm-form" onSubmit={submitIf(() => !fields.some(invalid), () => save.mutate())}>
      <div className="adm-config-fields">
        {fields.map((f) => <div key={f.key} className={f.half ? "adm-half" : "adm-full"}>{
          f.kind === "bool" ? (
            <Switch label={label(f.key)} description={help(f.key)} isSelected={!!v[f.key]} onChange={(x) => setV({ ...v, [f.key]: x })} />
          ) : f.kind === "int" ? (
            // No minValue/maxValue: the field would clamp an out-of-range number silently; the range check says so.
            <NumberInput label={label(f.key)} description={help(f.key)} value={v[f.key] as number}
              unit={f.unit ? t("company.config.days") : undefined} onChange={(x) => setV({ ...v, [f.key]: x })}
              errorMessage={invalid(f) ? t("company.config.range", { min: f.min, max: f.max }) : undefined} />
          ) : (
            <SelectField label={label(f.key)} description={help(f.key)} value={String(v[f.key])} onChange={(x) => setV({ ...v, [f.key]: x })}
              options={f.options.map((o) => ({ id: o, label: t(`company.config.${module}.${f.key}_${o}`, { defaultValue: o }) }))} />
          )
        }</div>)}
      </div>
      <div className="dialog-actions">
        <Button type="submit" variant="secondary" isDisabled={save.isPending}>{save.isPending ? t("action.saving") : t("action.save")}</Button>
      </div>
    </Form>
  );
}
