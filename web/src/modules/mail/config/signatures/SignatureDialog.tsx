// Adding or changing a signature: the title (required, at most SIGNATURE_TITLE_MAX characters), how it is set
// off in the mail (signStyle), and the contents written in the compose editor. Server codes (mail.380-382)
// are shown at the title; other failures as mail.379 (add) or mail.383 (change).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SIGN_STYLES, type Signature, SIGNATURE_TITLE_MAX, type SignStyle } from "@shared/mail/signatures.ts";
import { ApiError } from "../../../../lib/api.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Dialog } from "../../../../ui/Dialog.tsx";
import { SelectField } from "../../../../ui/SelectField.tsx";
import { TextField } from "../../../../ui/TextField.tsx";
import { MailEditor } from "../../compose/editor/MailEditor.tsx";
import { useMailConfig } from "../../open.ts";
import { addSignature, changeSignature } from "./api.ts";

const TITLE_CODES = ["mail.380", "mail.381", "mail.382"];

export function SignatureDialog({ editing, onClose, onSaved }: {
  /** The signature to change; null adds one. */
  editing: Signature | null;
  onClose(): void;
  onSaved(sig: Signature): void;
}) {
  const { t } = useTranslation("mail");
  const config = useMailConfig();
  const [title, setTitle] = useState(editing?.title ?? "");
  const [signStyle, setSignStyle] = useState<SignStyle>(editing?.signStyle ?? "DEFAULT");
  const [contents, setContents] = useState(editing?.contents ?? "");
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const trimmed = title.trim();
  const localError = !trimmed ? "mail.380" : trimmed.length > SIGNATURE_TITLE_MAX ? "mail.381" : null;
  const shown = serverError ?? (tried ? localError : null);

  async function save() {
    setTried(true);
    setServerError(null);
    if (localError) return;
    setBusy(true);
    try {
      const body = { title: trimmed, signStyle, contents };
      onSaved(editing ? await changeSignature(editing.id, body) : await addSignature(body));
    } catch (e) {
      if (e instanceof ApiError && TITLE_CODES.includes(e.code)) setServerError(e.code);
      else setServerError(editing ? "mail.383" : "mail.379");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t(editing ? "signatures.dialog.editTitle" : "signatures.dialog.addTitle")} isOpen onClose={onClose} width={720}>
      <form className="sign-dialog" onSubmit={(e) => (e.preventDefault(), void save())}>
        <div className="sign-dialog-row">
          <TextField label={t("signatures.dialog.name")} value={title} onChange={setTitle} autoFocus
            maxLength={SIGNATURE_TITLE_MAX} description={t("signatures.dialog.nameHint", { max: SIGNATURE_TITLE_MAX, count: trimmed.length })}
            errorMessage={shown && TITLE_CODES.includes(shown) ? errorText(shown) : undefined} />
          <SelectField label={t("signatures.dialog.style")} value={signStyle} onChange={(v) => setSignStyle(v as SignStyle)}
            options={SIGN_STYLES.map((s) => ({ id: s, label: t(`signatures.style.${s}`) }))} />
        </div>
        <MailEditor label={t("signatures.dialog.contents")} initialHtml={contents} fontSizePt={config.initFontSize} onChange={setContents} />
        {shown && !TITLE_CODES.includes(shown) && <p className="field-error" role="alert">{errorText(shown)}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("signatures.dialog.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("signatures.dialog.save")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
