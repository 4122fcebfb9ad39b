// The compose form: the action bar (send, save draft, reset), the sender (a choice when there are more), To / Cc / Bcc with the Cc/Bcc
// toggle and the recipient selector, the subject with its prefix choice, the send options, the attachments,
// the editor (with the signature picker) and the quoted original. State lives in Composer; this lays it out.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Input, Label, TextField as AriaTextField } from "react-aria-components";
import { INCLUDE_ME } from "@shared/mail/config.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { MailIcon } from "../icons.tsx";
import { useMailConfig } from "../open.ts";
import { COMPOSE_TYPES, type WriteAction } from "../route-params.ts";
import { Attachments } from "./Attachments.tsx";
import { ComposeOptions } from "./ComposeOptions.tsx";
import { MailEditor } from "./editor/MailEditor.tsx";
import { Quote } from "./Quote.tsx";
import { SenderField } from "./SenderField.tsx";
import { SignaturePicker } from "./SignaturePicker.tsx";
import { signaturesQuery } from "../config/signatures/api.ts";
import { RecipientField } from "./RecipientField.tsx";
import { RecipientSelector } from "./RecipientSelector.tsx";
import { addressOf, type ComposeState, type Recipient, type RecipientKind } from "./state.ts";
import type { useAttachments } from "./useAttachments.ts";

const TITLES: Record<number, string> = {
  [COMPOSE_TYPES.REPLY]: "compose.title.reply",
  [COMPOSE_TYPES.FORWARD]: "compose.title.forward",
  [COMPOSE_TYPES.REPLY_ALL]: "compose.title.replyAll",
  [COMPOSE_TYPES.DRAFT]: "compose.title.draft",
  [COMPOSE_TYPES.RESEND]: "compose.title.resend",
  [COMPOSE_TYPES.TOME]: "compose.title.toMe",
};

export function ComposeForm({ s, set, ops, action, toMe, busy, showErrors, largeFilePassword, editorVersion, onSend, onSave, onReset }: {
  s: ComposeState;
  set(patch: Partial<ComposeState>): void;
  ops: ReturnType<typeof useAttachments>;
  action: WriteAction;
  toMe: boolean;
  busy: "send" | "draft" | null;
  showErrors: boolean;
  /** Large files need a password (the company's isLargeAttPw). */
  largeFilePassword: boolean;
  editorVersion: number;
  onSend(): void;
  onSave(): void;
  onReset(): void;
}) {
  const { t } = useTranslation("mail");
  const config = useMailConfig();
  const [showCopies, setShowCopies] = useState(s.cc.length > 0 || s.bcc.length > 0);
  const [selector, setSelector] = useState(false);
  const hasSignatures = (useQuery(signaturesQuery).data ?? []).length > 0;

  function addTo(kind: RecipientKind, list: Recipient[]) {
    const present = new Set(s[kind].map(addressOf));
    const fresh = list.filter((r) => !present.has(addressOf(r)));
    if (kind !== "to") setShowCopies(true);
    set({ [kind]: [...s[kind], ...fresh] });
  }

  const title = t(TITLES[action.type ?? 0] ?? "compose.title.new");
  const prefixes = config.useSubjectFirst ? config.subjectFirsts : [];
  const includeMe = !toMe && config.includeMe !== INCLUDE_ME.OFF;

  return (
    <form className="cmp" aria-labelledby="cmp-title" onSubmit={(e) => e.preventDefault()}>
      <header className="cmp-bar">
        <h1 id="cmp-title" className="cmp-title">{title}</h1>
        <div className="cmp-bar-actions">
          <Button isDisabled={busy !== null} onPress={onSend}>
            <MailIcon name="send" size={16} /> {busy === "send" ? t("compose.sending") : s.isReserve ? t("compose.sendReserved") : t("compose.send")}
          </Button>
          <Button variant="secondary" isDisabled={busy !== null} onPress={onSave}>
            <MailIcon name="draft" size={16} /> {busy === "draft" ? t("compose.saving") : t("compose.saveDraft")}
          </Button>
          <Button variant="ghost" isDisabled={busy !== null} onPress={onReset}>{t("compose.reset")}</Button>
        </div>
      </header>

      <div className="cmp-fields">
        <SenderField s={s} set={set} />
        <RecipientField label={t("compose.to")} list={s.to} onChange={(to) => set({ to })} autoFocus={!s.to.length}
          extra={
            <span className="cmp-rcpt-extra">
              <AriaButton className="btn btn-ghost cmp-small" aria-expanded={showCopies} onPress={() => setShowCopies((v) => !v)}>
                {t("compose.ccBcc")}
              </AriaButton>
              <AriaButton className="btn btn-ghost cmp-small" onPress={() => setSelector(true)}>
                <MailIcon name="users" size={16} /> {t("compose.selectRecipients")}
              </AriaButton>
            </span>
          } />
        {showCopies && (
          <>
            <RecipientField label={t("compose.cc")} list={s.cc} onChange={(cc) => set({ cc })} />
            <RecipientField label={t("compose.bcc")} list={s.bcc} onChange={(bcc) => set({ bcc })} />
          </>
        )}
        {includeMe && (
          <p className="cmp-muted cmp-note">{t(config.includeMe === INCLUDE_ME.CC ? "compose.includeMeCc" : "compose.includeMeBcc")}</p>
        )}
        <div className="cmp-row cmp-subject-row">
          {prefixes.length > 0 && (
            <div className="cmp-prefix">
              <SelectField label={t("compose.subjectPrefix")} hideLabel value={s.subjectFirst || "-"} onChange={(v) => set({ subjectFirst: v === "-" ? "" : v })}
                options={[{ id: "-", label: t("compose.noPrefix") }, ...prefixes.map((p) => ({ id: p, label: p }))]} />
            </div>
          )}
          <AriaTextField className="cmp-subject" value={s.subject} onChange={(subject) => set({ subject })} maxLength={998}>
            <Label className="cmp-row-label">{t("compose.subject")}</Label>
            <Input className="field-input cmp-subject-input" />
          </AriaTextField>
        </div>
        <ComposeOptions s={s} set={set} toMe={toMe} showErrors={showErrors} />
      </div>

      <Attachments list={s.attachments} ops={ops}
        largePassword={largeFilePassword ? { value: s.largeFilePw, onChange: (largeFilePw) => set({ largeFilePw }), showErrors } : undefined} />

      <MailEditor key={editorVersion} label={t("compose.body")} initialHtml={s.content} fontSizePt={config.initFontSize}
        onChange={(content) => set({ content })}
        toolbarExtra={hasSignatures ? (editor) => <SignaturePicker editor={editor} /> : undefined} />
      {s.quote && <Quote html={s.quote} onRemove={() => set({ quote: "" })} />}

      <RecipientSelector isOpen={selector} onClose={() => setSelector(false)} onAdd={addTo} />
    </form>
  );
}
