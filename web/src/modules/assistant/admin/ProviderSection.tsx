// Administration → AI assistant: the company's model provider, any OpenAI-compatible endpoint (Ollama, vLLM,
// llama.cpp's server, hosted APIs): base URL, model, API key (write-only: a stored key is only reported, left
// empty it stays), on/off; "test connection" lists the models the endpoint offers (GET {baseUrl}/models).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { ProviderBody, ProviderSettings, ProviderTestAnswer } from "@shared/assistant/api.ts";
import { codeOf, paramsOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { deleteProvider, saveProvider, testProvider } from "../api.ts";
import { providerQuery, statusQuery } from "../queries.ts";
import "../assistant.css";

export function ProviderSection() {
  const { t } = useTranslation("assistant");
  const provider = useQuery(providerQuery);
  return (
    <>
      <header className="adm-head">
        <div>
          <h2 id="adm-heading">{t("admin.section")}</h2>
          <p className="adm-sub">{t("admin.intro")}</p>
        </div>
      </header>
      {!provider.data
        ? <div className="adm-card"><p className="adm-empty">{provider.isError ? errorText(codeOf(provider.error)) : t("loading")}</p></div>
        : <ProviderForm key={provider.data.updatedAt ?? 0} settings={provider.data} />}
      <div className="adm-card asst-admin-help">
        <h3 className="adm-card-title">{t("admin.helpTitle")}</h3>
        <ul>
          <li><strong>Ollama</strong> — <code>http://localhost:11434/v1</code> · {t("admin.help.ollama")}</li>
          <li><strong>vLLM</strong> — <code>http://localhost:8000/v1</code> · {t("admin.help.vllm")}</li>
          <li><strong>llama.cpp</strong> — <code>http://localhost:8080/v1</code> · {t("admin.help.llamacpp")}</li>
          <li><strong>{t("admin.help.hostedName")}</strong> — <code>https://api.openai.com/v1</code> · {t("admin.help.hosted")}</li>
        </ul>
      </div>
    </>
  );
}

function ProviderForm({ settings }: { settings: ProviderSettings }) {
  const { t } = useTranslation("assistant");
  const qc = useQueryClient();
  const [v, setV] = useState({ baseUrl: settings.baseUrl, model: settings.model, apiKey: "", enabled: settings.configured ? settings.enabled : true });
  const [removeKey, setRemoveKey] = useState(false);
  const [tried, setTried] = useState(false);
  const [test, setTest] = useState<ProviderTestAnswer | null>(null);
  const body = (): ProviderBody => ({
    baseUrl: v.baseUrl.trim(), model: v.model.trim(), enabled: v.enabled,
    ...(removeKey ? { apiKey: "" } : v.apiKey ? { apiKey: v.apiKey } : {}),
  });
  const errors = {
    baseUrl: !/^https?:\/\/\S+$/i.test(v.baseUrl.trim()) ? t("admin.error.baseUrl") : undefined,
    model: !v.model.trim() ? t("admin.error.model") : undefined,
  };
  const shown = (k: keyof typeof errors) => (tried ? errors[k] : undefined);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: providerQuery.queryKey });
    void qc.invalidateQueries({ queryKey: statusQuery.queryKey });
  };
  const save = useMutation({
    mutationFn: () => saveProvider(body()),
    onSuccess: () => {
      snackbar("SUCCESS", t("admin.saved"));
      refresh();
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e), paramsOf(e))),
  });
  const check = useMutation({
    mutationFn: () => testProvider(v.baseUrl.trim() && v.model.trim() ? body() : undefined),
    onSuccess: setTest,
    onError: (e) => setTest({ ok: false, models: [], errorCode: codeOf(e) }),
  });
  const disconnect = async () => {
    if (!(await confirm({ message: t("admin.disconnectConfirm"), danger: true, confirmLabel: t("admin.disconnect") }))) return;
    try {
      await deleteProvider();
      snackbar("SUCCESS", t("admin.disconnected"));
      refresh();
    } catch (e) {
      snackbar("ERROR", errorText(codeOf(e)));
    }
  };
  return (
    <Form className="adm-form" validationBehavior="aria" aria-label={t("admin.section")} onSubmit={(e) => {
      e.preventDefault();
      setTried(true);
      if (!errors.baseUrl && !errors.model) save.mutate();
    }}>
      <div className="adm-card">
        <h3 className="adm-card-title">{t("admin.provider")}</h3>
        <p className="adm-sub" role="status">
          {settings.configured ? (settings.enabled ? t("admin.connected") : t("admin.switchedOff")) : t("admin.notConnected")}
        </p>
        <Switch label={t("admin.enabled")} description={t("admin.enabledHelp")} isSelected={v.enabled} onChange={(enabled) => setV({ ...v, enabled })} />
        <div className="adm-grid">
          <TextField label={t("admin.baseUrl")} value={v.baseUrl} onChange={(baseUrl) => setV({ ...v, baseUrl })} type="url" maxLength={500}
            placeholder="http://localhost:11434/v1" description={t("admin.baseUrlHelp")} errorMessage={shown("baseUrl")} />
          <TextField label={t("admin.model")} value={v.model} onChange={(model) => setV({ ...v, model })} maxLength={200}
            placeholder="llama3.1:8b" errorMessage={shown("model")} />
          <TextField label={t("admin.apiKey")} value={v.apiKey} onChange={(apiKey) => setV({ ...v, apiKey })} type="password" maxLength={1000}
            autoComplete="new-password" isDisabled={removeKey}
            description={settings.hasKey ? t("admin.keyStored") : t("admin.keyNone")} />
        </div>
        {settings.hasKey && (
          <Switch label={t("admin.removeKey")} isSelected={removeKey} onChange={setRemoveKey} />
        )}
        {test && (
          <div className="asst-test" role="status" data-ok={test.ok}>
            {test.ok
              ? (
                <>
                  <p><strong>{t("admin.testOk")}</strong></p>
                  {test.models.length > 0 && (
                    <>
                      <p>{t("admin.models", { count: test.models.length })}</p>
                      <ul className="asst-models">
                        {test.models.map((m) => (
                          <li key={m}>
                            <Button variant="ghost" aria-label={t("admin.useModel", { model: m })} onPress={() => setV({ ...v, model: m })}>
                              <code>{m}</code>{m === v.model.trim() && ` ✓`}
                            </Button>
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </>
              )
              : <p><strong>{t("admin.testFailed")}</strong> {test.errorCode ? errorText(test.errorCode) : ""}</p>}
          </div>
        )}
      </div>
      <div className="adm-savebar">
        {settings.configured && <Button variant="ghost" onPress={() => void disconnect()}>{t("admin.disconnect")}</Button>}
        <Button variant="secondary" isDisabled={check.isPending} onPress={() => check.mutate()}>
          {check.isPending ? t("admin.testing") : t("admin.test")}
        </Button>
        <Button type="submit" isDisabled={save.isPending}>{save.isPending ? t("saving") : t("save")}</Button>
      </div>
    </Form>
  );
}
