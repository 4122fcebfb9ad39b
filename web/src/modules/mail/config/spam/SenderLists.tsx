// The block and allow lists of the spam tab: add a sender by address or domain ("수신거부" for the block list),
// remove the user's own entries; the company's entries (set by the admin) are shown, marked, not removable.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { normalizeSenderPattern, type SenderKind } from "@shared/mail/spam-lists.ts";
import { snackbar } from "../../../../app/feedback/snackbar.tsx";
import { ApiError } from "../../../../lib/api.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { Button } from "../../../../ui/Button.tsx";
import { TextField } from "../../../../ui/TextField.tsx";
import { addSender, removeSenders, sendersQuery, spamKeys, unsubscribe } from "./api.ts";

export function SenderListEditor({ kind }: { kind: SenderKind }) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const q = useQuery(sendersQuery(kind));
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const k = kind === "BLOCK" ? "block" : "allow";

  async function add() {
    const pattern = normalizeSenderPattern(value);
    if (!pattern) return setError(errorText("mail.sender_invalid"));
    setBusy(true);
    try {
      if (kind === "BLOCK") await unsubscribe(value);
      else await addSender(kind, value);
      setValue("");
      setError(undefined);
      snackbar("SUCCESS", kind === "BLOCK" ? t("spam.mail432") : t("spam.allowAdded"));
    } catch (e) {
      const code = e instanceof ApiError ? e.code : "common.500";
      if (code.startsWith("mail.sender_")) setError(errorText(code));
      else snackbar("ERROR", kind === "BLOCK" ? t("spam.mail431") : errorText(code));
    } finally {
      setBusy(false);
      void qc.invalidateQueries({ queryKey: spamKeys.senders(kind) });
    }
  }

  async function remove(id: number) {
    try {
      await removeSenders([id]);
      snackbar("SUCCESS", t("spam.removed"));
    } catch (e) {
      snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500"));
    }
    void qc.invalidateQueries({ queryKey: spamKeys.senders(kind) });
  }

  const senders = q.data?.senders ?? [];
  return (
    <section className="spam-senders" aria-labelledby={`spam-${k}-title`}>
      <h3 id={`spam-${k}-title`}>{t(`spam.${k}.title`)}</h3>
      <p className="spam-muted">{t(`spam.${k}.hint`)}</p>
      <form className="spam-add" onSubmit={(e) => { e.preventDefault(); void add(); }}>
        <TextField label={t(`spam.${k}.label`)} placeholder={t("spam.patternPlaceholder")} value={value}
          onChange={(v) => { setValue(v); setError(undefined); }} errorMessage={error} isInvalid={!!error} />
        <Button type="submit" isDisabled={busy || !value.trim()}>{t(`spam.${k}.add`)}</Button>
      </form>
      <div className="spam-entries">
        {q.isError && <p role="alert" className="field-error">{errorText("common.500")}</p>}
        {q.data && senders.length === 0 && <p className="spam-muted">{t("spam.emptyList")}</p>}
        <ul className="spam-sender-list" aria-label={t(`spam.${k}.title`)}>
          {senders.map((s) => (
            <li key={s.id} className="spam-sender">
              <span className="spam-pattern">{s.pattern}</span>
              {s.company
                ? <span className="spam-badge" title={t("spam.companyHint")}>{t("spam.company")}</span>
                : <Button variant="ghost" onPress={() => void remove(s.id)} aria-label={t("spam.removeNamed", { pattern: s.pattern })}>{t("spam.remove")}</Button>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
