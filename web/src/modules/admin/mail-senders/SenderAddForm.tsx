// The add row of the company block list: an address ("a@b.c") or a domain ("b.c" or "@b.c", subdomains
// included), checked with the same rule the server applies (normalizeSenderPattern); the server's refusal
// (invalid, already listed, list full) is shown under the field, other failures in a snackbar.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { MAX_SENDER_LIST_ENTRIES, normalizeSenderPattern, SENDER_PATTERN_MAX } from "@shared/mail/spam-lists.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { codeOf, failureText, notifyFailure, submitIf } from "../feedback.ts";
import { AdminIcon } from "../icons.tsx";
import { blockCompanySender, refreshCompanySenders } from "./api.ts";

/** Codes the server answers about the pattern itself: shown next to the field. */
const FIELD_CODES = new Set(["mail.sender_invalid", "mail.sender_duplicate", "mail.sender_own_domain", "mail.sender_list_full", "common.validation"]);

export function SenderAddForm({ isFull }: { isFull: boolean }) {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const [value, setValue] = useState("");
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<string>();
  const localError = normalizeSenderPattern(value) ? undefined : errorText("mail.sender_invalid");

  const add = useMutation({
    mutationFn: () => blockCompanySender(value.trim()),
    onSuccess: async (entry) => {
      snackbar("SUCCESS", t("senders.added", { pattern: entry.pattern }));
      setValue("");
      setTried(false);
      await refreshCompanySenders(qc);
    },
    onError: (e) => {
      if (FIELD_CODES.has(codeOf(e))) setServer(failureText(e));
      else notifyFailure(e);
    },
  });

  return (
    <Form className="adm-card adm-senders-add" validationBehavior="aria" aria-labelledby="adm-senders-add-title"
      onSubmit={submitIf(() => (setTried(true), setServer(undefined), !localError), () => add.mutate())}>
      <div className="adm-card-head">
        <div>
          <h3 id="adm-senders-add-title">{t("senders.addTitle")}</h3>
          <p className="adm-muted">{t("senders.addHelp")}</p>
        </div>
      </div>
      <div className="adm-senders-add-row">
        <TextField label={t("senders.pattern")} placeholder={t("senders.placeholder")} value={value}
          maxLength={SENDER_PATTERN_MAX} isDisabled={isFull} autoComplete="off"
          onChange={(v) => (setValue(v), setServer(undefined))}
          description={isFull ? t("senders.full", { max: MAX_SENDER_LIST_ENTRIES }) : undefined}
          errorMessage={server ?? (tried ? localError : undefined)} />
        <Button type="submit" isDisabled={add.isPending || isFull}>
          <AdminIcon name="plus" size={18} />
          {t("senders.add")}
        </Button>
      </div>
    </Form>
  );
}
