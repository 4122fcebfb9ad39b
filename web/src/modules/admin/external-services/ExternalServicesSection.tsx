// External services (ROLE_ADMIN): each registration's OAuth client and the provider's endpoints, Google's by
// default (shared/external-services.ts). The client secret is never shown back: left empty, the stored one
// stays. The redirect address to register at the provider is shown with this server's origin.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { ExternalServiceSettings } from "@shared/external-services.ts";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Switch } from "../controls.tsx";
import { fieldErrorsOf, notifyFailure, submitIf } from "../feedback.ts";
import { isWebUrl } from "../company/GeneralForm.tsx";
import { externalServicesQuery, saveExternalService } from "./api.ts";

export function ExternalServicesSection() {
  const { t } = useTranslation("admin");
  const list = useQuery(externalServicesQuery);
  return (
    <>
      <header className="adm-head">
        <div>
          <h2 id="adm-heading">{t("externalServices.section")}</h2>
          <p className="adm-sub">{t("externalServices.intro")}</p>
        </div>
      </header>
      {!list.data
        ? <div className="adm-card"><p className="adm-empty">{list.isError ? t("loadFailed") : t("loading")}</p></div>
        : list.data.map((s) => <ServiceForm key={`${s.registrationId}:${s.updatedAt}`} settings={s} />)}
    </>
  );
}

const ENDPOINTS = ["authorizationUri", "tokenUri", "revocationUri", "userInfoUri", "apiBaseUrl"] as const;

function ServiceForm({ settings }: { settings: ExternalServiceSettings }) {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const [v, setV] = useState({
    enabled: settings.enabled, clientId: settings.clientId, clientSecret: "", scopes: settings.scopes,
    ...Object.fromEntries(ENDPOINTS.map((k) => [k, settings[k]])) as Record<(typeof ENDPOINTS)[number], string>,
  });
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (value: string | boolean) => setV({ ...v, [k]: value });
  const errors: Record<string, string | undefined> = {
    clientId: v.enabled && !v.clientId.trim() ? t("externalServices.error.clientId") : undefined,
    clientSecret: v.enabled && !settings.hasClientSecret && !v.clientSecret.trim() ? t("externalServices.error.clientSecret") : undefined,
    scopes: v.scopes.trim() ? undefined : t("externalServices.error.scopes"),
    ...Object.fromEntries(ENDPOINTS.map((k) => [k, isWebUrl(v[k].trim()) ? undefined : t("externalServices.error.url")])),
  };
  const shown = (k: string) => (tried ? errors[k] : undefined) ?? serverErrors[k];
  const save = useMutation({
    mutationFn: () => saveExternalService(settings.registrationId, {
      enabled: v.enabled, clientId: v.clientId.trim(), clientSecret: v.clientSecret.trim() || undefined, scopes: v.scopes.trim(),
      ...Object.fromEntries(ENDPOINTS.map((k) => [k, v[k].trim()])) as Record<(typeof ENDPOINTS)[number], string>,
    }),
    onSuccess: () => {
      snackbar("SUCCESS", t("externalServices.saved"));
      void qc.invalidateQueries({ queryKey: externalServicesQuery.queryKey });
    },
    onError: (e) => {
      setServerErrors(fieldErrorsOf(e));
      notifyFailure(e);
    },
  });
  const name = t(`externalServices.service.${settings.registrationId}`, { defaultValue: settings.registrationId });
  const redirect = `${location.origin}${settings.redirectPath}`;
  const check = () => {
    setTried(true);
    setServerErrors({});
    return !Object.values(errors).some(Boolean);
  };
  return (
    <Form className="adm-form" onSubmit={submitIf(check, () => save.mutate())} validationBehavior="aria"
      aria-label={name}>
      <div className="adm-card">
        <h3 className="adm-card-title">{name}</h3>
        <p className="adm-sub">{t("externalServices.redirect")} <code style={{ overflowWrap: "anywhere" }}>{redirect}</code></p>
        <Switch label={t("externalServices.field.enabled")} description={t("externalServices.field.enabledHelp")}
          isSelected={v.enabled} onChange={set("enabled")} />
        <div className="adm-grid">
          <TextField label={t("externalServices.field.clientId")} value={v.clientId} onChange={set("clientId")} maxLength={500}
            errorMessage={shown("clientId")} autoComplete="off" />
          <TextField label={t("externalServices.field.clientSecret")} value={v.clientSecret} onChange={set("clientSecret")} maxLength={500}
            type="password" autoComplete="new-password" errorMessage={shown("clientSecret")}
            description={settings.hasClientSecret ? t("externalServices.field.clientSecretKept") : undefined} />
          {ENDPOINTS.map((k) => (
            <TextField key={k} label={t(`externalServices.field.${k}`)} value={v[k]} onChange={set(k)} maxLength={500} type="url"
              errorMessage={shown(k)} placeholder={settings.defaults[k]} />
          ))}
          <TextField label={t("externalServices.field.scopes")} value={v.scopes} onChange={set("scopes")} maxLength={1000}
            errorMessage={shown("scopes")} description={t("externalServices.field.scopesHelp")} />
        </div>
      </div>
      <div className="adm-savebar">
        <Button type="button" variant="secondary" onPress={() => setV({ ...v, ...settings.defaults })}>{t("externalServices.defaults")}</Button>
        <Button type="submit" isDisabled={save.isPending}>{save.isPending ? t("action.saving") : t("action.save")}</Button>
      </div>
    </Form>
  );
}
