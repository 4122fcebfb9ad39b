// Mail settings, tab 'sign' (000 §5 "Signatures"): the user's signatures with a preview, the two defaults
// (new mail; replies and forwards: one signature each at most, the server clears the other), add and edit in a
// dialog, delete after a confirm. At MAX_SIGNATURES the add button is off, with the reason beside it.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_SIGNATURES, type Signature, type SignatureUse } from "@shared/mail/signatures.ts";
import { confirm } from "../../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../../app/feedback/snackbar.tsx";
import { ApiError } from "../../../../lib/api.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Switch } from "../../../../ui/Switch.tsx";
import { deleteSignature, setSignatureUse, signaturesQuery } from "./api.ts";
import { SignatureDialog } from "./SignatureDialog.tsx";
import "./signatures.css";

export function SignatureSettings() {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const q = useQuery(signaturesQuery);
  const [editing, setEditing] = useState<Signature | "new" | null>(null);
  const list = q.data ?? [];
  const full = list.length >= MAX_SIGNATURES;

  const refresh = () => qc.invalidateQueries({ queryKey: signaturesQuery.queryKey });

  async function toggle(sig: Signature, use: SignatureUse, on: boolean) {
    try {
      const r = await setSignatureUse(sig.id, use, on);
      qc.setQueryData(signaturesQuery.queryKey, r.signatures);
    } catch {
      snackbar("ERROR", errorText("mail.385"));
      void refresh();
    }
  }

  async function remove(sig: Signature) {
    if (!(await confirm({ message: t("signatures.deleteConfirm", { title: sig.title }), confirmLabel: t("signatures.delete"), danger: true }))) return;
    try {
      await deleteSignature(sig.id);
      snackbar("SUCCESS", t("signatures.deleted"));
    } catch (e) {
      snackbar("ERROR", errorText(e instanceof ApiError && e.status === 404 ? "common.404" : "mail.384"));
    }
    void refresh();
  }

  if (q.isError) return <p role="alert" className="field-error">{errorText("mail.378")}</p>;
  if (!q.data) return <p role="status" className="sign-muted">{t("signatures.loading")}</p>;

  return (
    <div className="sign-settings">
      <p className="sign-muted">{t("signatures.hint", { max: MAX_SIGNATURES })}</p>
      <div className="sign-add">
        <Button isDisabled={full} onPress={() => setEditing("new")} aria-describedby={full ? "sign-full" : undefined}>
          {t("signatures.add")}
        </Button>
        <span className="sign-muted" id="sign-full">
          {full ? t("signatures.limitReached", { max: MAX_SIGNATURES }) : t("signatures.count", { count: list.length, max: MAX_SIGNATURES })}
        </span>
      </div>
      {list.length === 0 && <p className="sign-muted">{t("signatures.empty")}</p>}
      <ul className="sign-list" aria-label={t("signatures.heading")}>
        {list.map((sig) => (
          <li key={sig.id} className="sign-item" aria-labelledby={`sign-title-${sig.id}`}>
            <div className="sign-item-head">
              <h3 id={`sign-title-${sig.id}`} className="sign-item-title">{sig.title}</h3>
              {/* The look of the signature (not whether it is a default one: the switches below say that). */}
              <span className="sign-style" title={t("signatures.dialog.style")}>
                <span className="visually-hidden">{t("signatures.dialog.style")}:</span> {t(`signatures.style.${sig.signStyle}`)}
              </span>
              <span className="sign-item-actions">
                <Button variant="ghost" onPress={() => setEditing(sig)} aria-label={t("signatures.editNamed", { title: sig.title })}>
                  {t("signatures.edit")}
                </Button>
                <Button variant="ghost" onPress={() => void remove(sig)} aria-label={t("signatures.deleteNamed", { title: sig.title })}>
                  {t("signatures.delete")}
                </Button>
              </span>
            </div>
            {/* Sanitised by the server (the mail sanitiser); shown as it will look in the mail. */}
            <div className="sign-preview" dangerouslySetInnerHTML={{ __html: sig.contents }} />
            <div className="sign-defaults">
              <Switch label={t("signatures.useNewMail")} isSelected={sig.useNewMail} onChange={(on) => void toggle(sig, "useNewMail", on)} />
              <Switch label={t("signatures.useReplyForward")} isSelected={sig.useReplyForward}
                onChange={(on) => void toggle(sig, "useReplyForward", on)} />
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <SignatureDialog editing={editing === "new" ? null : editing} onClose={() => setEditing(null)}
          onSaved={() => {
            snackbar("SUCCESS", t(editing === "new" ? "signatures.added" : "signatures.saved"));
            setEditing(null);
            void refresh();
          }} />
      )}
    </div>
  );
}
