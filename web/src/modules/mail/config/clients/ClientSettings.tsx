// Mail settings, tab 'client' (000 §3 "Mail config" pop3 group, shared/mail/clients.ts): client access on or
// off (pop3Flag), the one protocol clients read with (IMAP or POP3; a protocol the company switched off cannot
// be chosen), the POP3 options (fetch range, mark read, deleted mail to the trash) or the IMAP message limit,
// and keeping mail sent from clients in Sent. Each change is saved at once (PUT /api/mail/config/pop3, and
// /write for saveSentMail, which belongs to the write group). Below: the mail-program password and the server
// settings to enter in the client.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Label, Radio, RadioGroup, Text } from "react-aria-components";
import { IMAP_MESSAGE_MAX_LIMIT } from "@shared/mail/clients.ts";
import type { MailConfig } from "@shared/mail/config.ts";
import { Switch } from "../../../../ui/Switch.tsx";
import { TextField } from "../../../../ui/TextField.tsx";
import { mailConfigQuery } from "../../queries.ts";
import { useSaveSetting } from "../useSaveSetting.ts";
import type { PutSetting } from "../ViewFields.tsx";
import { clientServerQuery } from "./api.ts";
import { PasswordBox } from "./PasswordBox.tsx";
import { ServerBox } from "./ServerBox.tsx";
import "./clients.css";

export function ClientSettings() {
  const { t } = useTranslation("mail");
  const config = useQuery(mailConfigQuery).data;
  const server = useQuery(clientServerQuery);
  const save = useSaveSetting();
  if (!config) return null;
  const put: PutSetting = (setting, values) => save.mutate({ setting, values });
  const allowed = { IMAP: server.data?.imapAllowed ?? true, POP3: server.data?.pop3Allowed ?? true };
  const anyAllowed = allowed.IMAP || allowed.POP3;

  return (
    <div className="mcl-settings">
      <p className="mcl-muted">{t("clients.intro")}</p>
      {!anyAllowed && <p className="mcl-note" role="note">{t("clients.companyOffAll")}</p>}
      <Switch label={t("clients.use")} description={t("clients.useHint")} isSelected={config.pop3Flag} isDisabled={!anyAllowed && !config.pop3Flag}
        onChange={(on) => put("pop3", { pop3Flag: on })} />
      {config.pop3Flag && (
        <section className="mcl-box" aria-labelledby="mcl-protocol">
          <h3 className="mcl-box-title" id="mcl-protocol">{t("clients.protocolTitle")}</h3>
          <RadioGroup className="mcl-radios" value={config.clientProtocolType}
            onChange={(v) => put("pop3", { clientProtocolType: v as MailConfig["clientProtocolType"] })}>
            <Label className="field-label">{t("clients.protocol")}</Label>
            {(["IMAP", "POP3"] as const).map((p) => (
              <Radio key={p} value={p} className="mcl-radio" isDisabled={!allowed[p]}>
                <span className="mcl-radio-mark" aria-hidden="true" />
                <span className="mcl-radio-text">
                  <span>{t(`clients.protocolName.${p}`)}</span>
                  <span className="mcl-muted">{allowed[p] ? t(`clients.protocolHint.${p}`) : t("clients.companyOff", { protocol: p })}</span>
                </span>
              </Radio>
            ))}
          </RadioGroup>
          {!allowed[config.clientProtocolType] && (
            <p className="mcl-note" role="note">{t("clients.chosenOff", { protocol: config.clientProtocolType })}</p>
          )}
          {config.clientProtocolType === "POP3" ? <Pop3Options config={config} put={put} /> : <ImapOptions config={config} put={put} />}
          <Switch label={t("clients.saveSentMail")} description={t("clients.saveSentMailHint")} isSelected={config.saveSentMail}
            onChange={(on) => put("write", { saveSentMail: on })} />
        </section>
      )}
      <PasswordBox />
      <ServerBox />
    </div>
  );
}

function Pop3Options({ config, put }: { config: MailConfig; put: PutSetting }) {
  const { t } = useTranslation("mail");
  return (
    <div className="mcl-options">
      <RadioGroup className="mcl-radios" value={config.pop3FetchRange}
        onChange={(v) => put("pop3", { pop3FetchRange: v as MailConfig["pop3FetchRange"] })}>
        <Label className="field-label">{t("clients.fetchRange")}</Label>
        {(["ALL", "NEW"] as const).map((r) => (
          <Radio key={r} value={r} className="mcl-radio">
            <span className="mcl-radio-mark" aria-hidden="true" />
            <span className="mcl-radio-text">{t(`clients.fetchRangeChoice.${r}`)}</span>
          </Radio>
        ))}
        <Text slot="description" className="field-description">{t("clients.fetchRangeHint")}</Text>
      </RadioGroup>
      <div className="mail-config-switches">
        <Switch label={t("clients.readMark")} description={t("clients.readMarkHint")} isSelected={config.pop3ReadMark}
          onChange={(on) => put("pop3", { pop3ReadMark: on })} />
        <Switch label={t("clients.pop3Del")} description={t("clients.pop3DelHint")} isSelected={config.pop3Del}
          onChange={(on) => put("pop3", { pop3Del: on })} />
      </div>
    </div>
  );
}

/** The number of mails shown per folder: saved when the field is left or Enter is pressed, if valid. */
function ImapOptions({ config, put }: { config: MailConfig; put: PutSetting }) {
  const { t } = useTranslation("mail");
  const [text, setText] = useState(String(config.imapMessageMaxLimit));
  const n = Number(text);
  const valid = /^\d+$/.test(text.trim()) && n >= 1 && n <= IMAP_MESSAGE_MAX_LIMIT;
  const commit = () => valid && n !== config.imapMessageMaxLimit && put("pop3", { imapMessageMaxLimit: n });
  return (
    <div className="mcl-options mcl-limit">
      <TextField label={t("clients.imapLimit")} value={text} inputMode="numeric" onChange={setText} onBlur={commit}
        onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), commit())}
        description={t("clients.imapLimitHint", { max: IMAP_MESSAGE_MAX_LIMIT })}
        errorMessage={valid ? undefined : t("clients.imapLimitInvalid", { max: IMAP_MESSAGE_MAX_LIMIT })} />
    </div>
  );
}
