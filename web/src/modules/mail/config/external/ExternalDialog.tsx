// Adding or changing an external mail account: a provider preset fills the fetch and SMTP servers (host, port,
// TLS), the fetch protocol (POP3 or IMAP), the address and login, the password (empty on edit keeps it), the
// tag its mail gets, keeping mail on a POP3 server, sending through its SMTP (its server and port shown and
// required only when sending is on), and the privacy agreement (when adding). Required fields are checked here
// first, then by the server (000 §4, shared/mail/external.ts).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  EXTERNAL_PROTOCOLS, type ExternalAccount, type ExternalProtocol, PROVIDER_PRESETS, SERVER_NAMES, type ServerName,
} from "@shared/mail/external.ts";
import { ApiError } from "../../../../lib/api.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Checkbox } from "../../../../ui/Checkbox.tsx";
import { Dialog } from "../../../../ui/Dialog.tsx";
import { SelectField } from "../../../../ui/SelectField.tsx";
import { Switch } from "../../../../ui/Switch.tsx";
import { TextField } from "../../../../ui/TextField.tsx";
import { addExternal, changeExternal } from "./api.ts";

interface State {
  serverName: ServerName;
  protocol: ExternalProtocol;
  host: string;
  port: string;
  secure: boolean;
  email: string;
  loginId: string;
  password: string;
  tag: string;
  keepOnServer: boolean;
  useSmtp: boolean;
  smtpHost: string;
  smtpPort: string;
  smtpSecure: boolean;
  privacyAgreed: boolean;
}

function initial(a: ExternalAccount | null): State {
  if (!a) {
    return {
      serverName: "CUSTOM", protocol: "IMAP", host: "", port: "993", secure: true, email: "", loginId: "", password: "", tag: "",
      keepOnServer: true, useSmtp: false, smtpHost: "", smtpPort: "465", smtpSecure: true, privacyAgreed: false,
    };
  }
  return { ...a, port: String(a.port), smtpPort: String(a.smtpPort), password: "", privacyAgreed: true };
}

/** The preset's servers for a protocol; CUSTOM leaves the fields as they are. */
function withPreset(s: State, serverName: ServerName, protocol: ExternalProtocol): State {
  const next = { ...s, serverName, protocol };
  if (serverName === "CUSTOM") return next;
  const p = PROVIDER_PRESETS[serverName];
  const fetch = protocol === "IMAP" ? p.imap : p.pop3;
  return {
    ...next, host: fetch.host, port: String(fetch.port), secure: fetch.secure,
    smtpHost: p.smtp.host, smtpPort: String(p.smtp.port), smtpSecure: p.smtp.secure,
  };
}

const REQUIRED = ["host", "port", "email", "tag"] as const;
/** Needed only to send as the account (useSmtp), as the server asks. */
const SMTP_REQUIRED = ["smtpHost", "smtpPort"] as const;
/** Where and as whom the account connects: changing any needs the password again (the server refuses otherwise). */
const CONNECTION = ["protocol", "host", "port", "secure", "loginId", "smtpHost", "smtpPort", "smtpSecure"] as const;

function connectionChanged(s: State, a: ExternalAccount): boolean {
  const norm = (k: typeof CONNECTION[number], v: unknown) => {
    const text = String(v).trim();
    return k === "host" || k === "smtpHost" ? text.toLowerCase() : text;
  };
  const loginOf = (x: { loginId: string; email: string }) => x.loginId.trim() || x.email.trim().toLowerCase();
  return CONNECTION.some((k) =>
    k === "loginId" ? loginOf(s) !== loginOf(a) : norm(k, s[k]) !== norm(k, a[k])
  );
}

export function ExternalDialog({ editing, onClose, onSaved }: {
  editing: ExternalAccount | null;
  onClose(): void;
  onSaved(a: ExternalAccount): void;
}) {
  const { t } = useTranslation("mail");
  const [s, setS] = useState<State>(() => initial(editing));
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof State>(k: K) => (v: State[K]) => setS((x) => ({ ...x, [k]: v }));

  const missing = new Set<string>([...REQUIRED, ...(s.useSmtp ? SMTP_REQUIRED : [])].filter((k) => !String(s[k]).trim()));
  const needsPassword = !editing || connectionChanged(s, editing);
  if (needsPassword && !s.password) missing.add("password");
  const localError = missing.size ? "mail.external_required" : !editing && !s.privacyAgreed ? "mail.external_privacy" : null;
  const req = (k: string) => (tried && missing.has(k) ? t("external.dialog.required") : undefined);

  async function save() {
    setTried(true);
    setError(null);
    if (localError) return setError(localError);
    setBusy(true);
    try {
      // An empty SMTP port (sending off) is left to the server's default.
      const body = { ...s, port: Number(s.port), smtpPort: s.smtpPort.trim() ? Number(s.smtpPort) : "" };
      onSaved(editing ? await changeExternal(editing.id, body) : await addExternal(body));
    } catch (e) {
      setError(e instanceof ApiError ? e.code : "common.500");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t(editing ? "external.dialog.editTitle" : "external.dialog.addTitle")} isOpen onClose={onClose} width={640}>
      <form className="ext-dialog" onSubmit={(e) => (e.preventDefault(), void save())}>
        <div className="ext-row">
          <SelectField label={t("external.dialog.provider")} value={s.serverName}
            onChange={(v) => setS((x) => withPreset(x, v as ServerName, x.protocol))}
            options={SERVER_NAMES.map((n) => ({ id: n, label: t(`external.provider.${n}`) }))} />
          <SelectField label={t("external.dialog.protocol")} value={s.protocol}
            onChange={(v) => setS((x) => withPreset(x, x.serverName, v as ExternalProtocol))}
            options={EXTERNAL_PROTOCOLS.map((p) => ({ id: p, label: p }))} />
        </div>
        <div className="ext-row ext-row-server">
          <TextField label={t("external.dialog.host")} value={s.host} onChange={set("host")} errorMessage={req("host")} />
          <TextField label={t("external.dialog.port")} value={s.port} onChange={set("port")} inputMode="numeric"
            errorMessage={req("port")} />
          <Switch label={t("external.dialog.secure")} isSelected={s.secure} onChange={set("secure")} />
        </div>
        <div className="ext-row">
          <TextField label={t("external.dialog.email")} value={s.email} onChange={set("email")} type="email"
            errorMessage={req("email")} />
          <TextField label={t("external.dialog.loginId")} value={s.loginId} onChange={set("loginId")}
            description={t("external.dialog.loginIdHint")} />
        </div>
        <div className="ext-row">
          <TextField label={t("external.dialog.password")} value={s.password} onChange={set("password")} type="password"
            errorMessage={req("password")} autoComplete="new-password"
            description={editing && !needsPassword ? t("external.dialog.passwordKeep") : undefined} />
          <TextField label={t("external.dialog.tag")} value={s.tag} onChange={set("tag")} errorMessage={req("tag")}
            description={t("external.dialog.tagHint")} />
        </div>
        {s.protocol === "POP3" && (
          <Switch label={t("external.dialog.keepOnServer")} isSelected={s.keepOnServer} onChange={set("keepOnServer")} />
        )}
        <Switch label={t("external.dialog.useSmtp")} isSelected={s.useSmtp} onChange={set("useSmtp")}
          description={t("external.dialog.useSmtpHint")} />
        {s.useSmtp && (
          <div className="ext-row ext-row-server">
            <TextField label={t("external.dialog.smtpHost")} value={s.smtpHost} onChange={set("smtpHost")}
              errorMessage={req("smtpHost")} />
            <TextField label={t("external.dialog.smtpPort")} value={s.smtpPort} onChange={set("smtpPort")} inputMode="numeric"
              errorMessage={req("smtpPort")} />
            <Switch label={t("external.dialog.secure")} isSelected={s.smtpSecure} onChange={set("smtpSecure")} />
          </div>
        )}
        {!editing && (
          <div className="ext-privacy">
            <p className="ext-muted">{t("external.dialog.privacyText")}</p>
            <Checkbox isSelected={s.privacyAgreed} onChange={set("privacyAgreed")} isInvalid={tried && !s.privacyAgreed}>
              {t("external.dialog.privacyAgree")}
            </Checkbox>
          </div>
        )}
        {error && <p className="field-error" role="alert">{errorText(error)}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("external.dialog.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t(busy ? "external.dialog.checking" : "external.dialog.save")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
