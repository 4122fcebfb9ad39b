// The mail-program password (000 §5): clients sign in with it, never with the web password. Shows whether one
// is set, when it was changed and last used; sets or changes it in a dialog (password twice, the §5 rule
// checked here as the server does: mail.program_password) and removes it after a confirmation.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { CLIENT_PASSWORD_MAX, CLIENT_PASSWORD_MIN, CLIENT_PASSWORD_RE } from "@shared/mail/clients.ts";
import { confirm } from "../../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../../app/feedback/snackbar.tsx";
import { ApiError } from "../../../../lib/api.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Dialog } from "../../../../ui/Dialog.tsx";
import { TextField } from "../../../../ui/TextField.tsx";
import { clientPasswordQuery, passwordChanged, removeClientPassword, setClientPassword } from "./api.ts";

/** The §5 rule of shared/mail/clients.ts. */
export const passwordOk = (p: string) => p.length >= CLIENT_PASSWORD_MIN && p.length <= CLIENT_PASSWORD_MAX && CLIENT_PASSWORD_RE.test(p);

export function PasswordBox() {
  const { t, i18n } = useTranslation("mail");
  const qc = useQueryClient();
  const state = useQuery(clientPasswordQuery);
  const [open, setOpen] = useState(false);
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language);

  const remove = useMutation({
    mutationFn: removeClientPassword,
    onSuccess: (s) => (passwordChanged(qc, s), snackbar("SUCCESS", t("clients.password.removed"))),
    onError: (e) => snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500")),
  });
  async function askRemove() {
    const ok = await confirm({
      title: t("clients.password.removeTitle"),
      message: t("clients.password.removeConfirm"),
      confirmLabel: t("clients.password.remove"),
      danger: true,
    });
    if (ok) remove.mutate();
  }

  const s = state.data;
  return (
    <section className="mcl-box" aria-labelledby="mcl-password">
      <h3 className="mcl-box-title" id="mcl-password">{t("clients.password.title")}</h3>
      <p className="mcl-muted">{t("clients.password.hint")}</p>
      {state.isError && <p role="alert" className="field-error">{t("clients.loadFailed")}</p>}
      {s && (
        <dl className="mcl-facts" aria-live="polite">
          <dt>{t("clients.password.state")}</dt>
          <dd data-testid="mcl-password-state">{s.exists ? t("clients.password.set") : t("clients.password.notSet")}</dd>
          {s.exists && s.updatedTimeMillis !== null && (
            <>
              <dt>{t("clients.password.changed")}</dt>
              <dd>{when(s.updatedTimeMillis)}</dd>
              <dt>{t("clients.password.lastUsed")}</dt>
              <dd>{s.lastUsedTimeMillis !== null ? when(s.lastUsedTimeMillis) : t("clients.password.neverUsed")}</dd>
            </>
          )}
        </dl>
      )}
      {s && (
        <div className="mcl-actions">
          <Button variant={s.exists ? "secondary" : "primary"} onPress={() => setOpen(true)}>
            {s.exists ? t("clients.password.change") : t("clients.password.setButton")}
          </Button>
          {s.exists && <Button variant="danger" onPress={() => void askRemove()} isDisabled={remove.isPending}>{t("clients.password.remove")}</Button>}
        </div>
      )}
      <Dialog title={s?.exists ? t("clients.password.change") : t("clients.password.setButton")} isOpen={open} onClose={() => setOpen(false)}>
        <PasswordForm onDone={() => setOpen(false)} />
      </Dialog>
    </section>
  );
}

function PasswordForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [tried, setTried] = useState(false);
  const ruleError = tried && !passwordOk(password) ? errorText("mail.program_password") : undefined;
  const matchError = tried && passwordOk(password) && password !== again ? t("clients.password.mismatch") : undefined;

  const save = useMutation({
    mutationFn: () => setClientPassword(password),
    onSuccess: (s) => {
      passwordChanged(qc, s);
      snackbar("SUCCESS", t("clients.password.saved"));
      onDone();
    },
    onError: (e) => snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500")),
  });

  return (
    <Form className="mcl-password-form" onSubmit={(e) => {
      e.preventDefault();
      setTried(true);
      if (passwordOk(password) && password === again) save.mutate();
    }}>
      <TextField label={t("clients.password.new")} type="password" autoComplete="new-password" value={password} onChange={setPassword}
        autoFocus description={t("clients.password.rule", { min: CLIENT_PASSWORD_MIN })} errorMessage={ruleError} />
      <TextField label={t("clients.password.again")} type="password" autoComplete="new-password" value={again} onChange={setAgain}
        errorMessage={matchError} />
      <div className="mcl-dialog-actions">
        <Button variant="ghost" onPress={onDone}>{t("clients.cancel")}</Button>
        <Button type="submit" isDisabled={save.isPending}>{t("clients.password.save")}</Button>
      </div>
    </Form>
  );
}
