// A board's mail address: the local part on the company's first domain (shown as @domain); saved, or cleared so
// the board has none. The local part is checked before it is sent (MAIL_LOCAL_PART); an address that is
// another board's, a person's, an alias or an organisation's is refused at the field (board.address_taken).
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { BoardMail } from "@shared/board/config.ts";
import { MAIL_LOCAL_PART } from "@shared/board/constants.ts";
import { codeOf } from "../../../../lib/api.ts";
import { Button } from "../../../../ui/Button.tsx";
import { TextField } from "../../../../ui/TextField.tsx";
import { setMailAddress } from "../../api.ts";
import { boardErrorText } from "../../errors.ts";
import { boardKeys } from "../../queries.ts";
import { configDone, configFailed } from "../feedback.ts";

export function AddressForm({ mail }: { mail: BoardMail }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const [local, setLocal] = useState(mail.localPart ?? "");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save(localPart: string | null) {
    setError(undefined);
    if (localPart !== null) {
      if (!localPart) return setError(t("config.mail.rule.localRequired"));
      if (!MAIL_LOCAL_PART.test(localPart)) return setError(t("config.mail.rule.localFormat"));
    }
    setBusy(true);
    try {
      const next = await setMailAddress(mail.boardId, localPart);
      qc.setQueryData(boardKeys.mail(mail.boardId), next);
      void qc.invalidateQueries({ queryKey: boardKeys.detail(mail.boardId) });
      setLocal(next.localPart ?? "");
      configDone(localPart === null ? "addressCleared" : "addressSaved", { address: next.address ?? "" });
    } catch (e) {
      if (codeOf(e) === "board.address_taken" || codeOf(e) === "common.validation") setError(codeOf(e) === "board.address_taken" ? boardErrorText(e) : t("config.mail.rule.localFormat"));
      else configFailed(e, "addressFailed");
    } finally {
      setBusy(false);
    }
  }

  if (!mail.domain) return <p className="bd-muted">{t("config.mail.noDomain")}</p>;
  return (
    <Form className="bdc-address" validationBehavior="aria" onSubmit={(ev) => {
      ev.preventDefault();
      void save(local.trim().toLowerCase());
    }}>
      <p className="bd-muted" role="status">
        {mail.address ? t("config.mail.current", { address: mail.address }) : t("config.mail.noAddress")}
      </p>
      <div className="bdc-address-row">
        <TextField label={t("config.mail.localPart")} value={local} onChange={(v) => {
          setLocal(v);
          setError(undefined);
        }} errorMessage={error} maxLength={64} />
        <span className="bdc-domain">@{mail.domain}</span>
      </div>
      <div className="bdc-inline-actions">
        <Button type="submit" isDisabled={busy}>{t("config.mail.saveAddress")}</Button>
        {mail.address && <Button variant="secondary" isDisabled={busy} onPress={() => void save(null)}>{t("config.mail.clearAddress")}</Button>}
      </div>
    </Form>
  );
}
