// Tab "service": the first-screen module (PUT /api/users/service/config) among the modules the user may
// use, and the tutorial switch of each module (PUT /api/users/service/config/{module}/tutorial/{status}).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Switch } from "react-aria-components";
import { type ModuleType, type ServiceConfig, TUTORIAL_MODULES, type TutorialModule, type UserInfo } from "@shared/users.ts";
import { api } from "../../lib/api.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { serviceConfigQuery } from "../../app/queries.ts";
import { Button } from "../../ui/Button.tsx";
import { codeOf, errorOf } from "./api.ts";
import { Section } from "./parts.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { isInstalled } from "../../app/modules.ts";

/** Modules that open as a page of their own; the messenger is a window, not a first screen. */
const NOT_A_SCREEN: ModuleType[] = ["messenger"];

export function ServiceTab({ me }: { me: UserInfo }) {
  const { t } = useTranslation("account");
  const qc = useQueryClient();
  const config = useQuery(serviceConfigQuery);

  const onSaved = (c: ServiceConfig) => {
    qc.setQueryData(serviceConfigQuery.queryKey, c);
    snackbar("SUCCESS", t("service.saved"));
  };
  // 'config failed'; a specific reason from the server is added, a generic server error is not repeated.
  const onFailed = (e: unknown) => snackbar("ERROR", codeOf(e) === "common.500" ? t("service.failed") : `${t("service.failed")} ${errorOf(e)}`);

  const firstScreen = useMutation({
    mutationFn: (m: ModuleType) => api<ServiceConfig>("/api/users/service/config", { method: "PUT", json: { config: { firstScreenModuleType: m } } }),
    onSuccess: onSaved,
    onError: onFailed,
  });

  const tutorial = useMutation({
    mutationFn: ({ module, on }: { module: TutorialModule; on: boolean }) =>
      api<ServiceConfig>(`/api/users/service/config/${module}/tutorial/${on}`, { method: "PUT" }),
    onMutate: ({ module, on }) => {
      const before = qc.getQueryData(serviceConfigQuery.queryKey);
      qc.setQueryData(serviceConfigQuery.queryKey, (c: ServiceConfig | undefined) => (c ? { ...c, [`${module}Tutorial`]: on } : c));
      return { before };
    },
    onSuccess: onSaved,
    onError: (e, _v, ctx) => {
      qc.setQueryData(serviceConfigQuery.queryKey, ctx?.before);
      onFailed(e);
    },
  });

  if (config.isError) {
    return (
      <div className="acc-inline-error" role="alert">
        {errorOf(config.error)} <Button variant="ghost" onPress={() => void config.refetch()}>{t("retry")}</Button>
      </div>
    );
  }
  const c = config.data;
  if (!c) return <p className="acc-muted">{t("loadingShort")}</p>;

  // Only modules this installation has (an island): a first screen or a tutorial of one without is a dead end.
  const screens = me.usedModules.filter((m) => !NOT_A_SCREEN.includes(m) && isInstalled(m));
  const current = screens.includes(c.firstScreenModuleType) ? c.firstScreenModuleType : screens.includes("mail") ? "mail" : screens[0];
  const tutorials = TUTORIAL_MODULES.filter((m) => me.usedModules.includes(m) && isInstalled(m));

  return (
    <div className="acc-stack">
      <Section title={t("service.firstScreenTitle")} description={t("service.firstScreenDescription")}>
        <div className="acc-form-narrow">
          <SelectField label={t("service.firstScreen")} value={current ?? ""} isDisabled={firstScreen.isPending}
            onChange={(v) => v !== c.firstScreenModuleType && firstScreen.mutate(v as ModuleType)}
            options={screens.map((m) => ({ id: m, label: t(`common:module.${m}`) }))} />
        </div>
      </Section>
      <Section title={t("service.tutorialTitle")} description={t("service.tutorialDescription")}>
        {tutorials.length === 0 ? <p className="acc-muted">{t("service.noTutorials")}</p> : (
          <ul className="acc-switch-list">
            {tutorials.map((m) => (
              <li key={m}>
                <Switch className="acc-switch acc-switch-row" isSelected={c[`${m}Tutorial`]} isDisabled={tutorial.isPending}
                  onChange={(on) => tutorial.mutate({ module: m, on })}>
                  <span>{t(`common:module.${m}`)}</span>
                  <span className="acc-switch-track" aria-hidden="true"><span className="acc-switch-thumb" /></span>
                </Switch>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
