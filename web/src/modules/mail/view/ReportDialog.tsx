// Reporting a mail as spam (000 §7 POST api/mails/report, §8 mail.408/409): an optional note, then the mail
// moves to the spam folder as REPORT_MAIL.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Label, TextArea, TextField } from "react-aria-components";
import type { MailView } from "@shared/mail/reading.ts";
import { REPORT_CONTENTS_MAX } from "@shared/mail/spam.ts";
import { ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { reportSpam } from "./actions.ts";

/** Server refusals that have their own text; anything else is mail.408. */
const KNOWN = ["mail.already_blocked", "mail.not_reportable", "mail.blocked"];

export function ReportDialog({ mail, onClose, onDone }: { mail: MailView; onClose(): void; onDone(): void }) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const [notes, setNotes] = useState("");
  const report = useMutation({
    mutationFn: () => reportSpam(qc, mail, notes.trim()),
    onSuccess: () => {
      snackbar("SUCCESS", t("view.report.mail409"));
      onDone();
    },
    onError: (e) => snackbar("ERROR", e instanceof ApiError && KNOWN.includes(e.code) ? errorText(e.code) : t("view.report.mail408")),
  });

  return (
    <Dialog title={t("view.report.title")} isOpen onClose={onClose} width={460}>
      <Form className="mr-report" onSubmit={(e) => {
        e.preventDefault();
        report.mutate();
      }}>
        <p>{t("view.report.explain", { from: mail.from.address || mail.from.name })}</p>
        <TextField className="field" value={notes} onChange={setNotes} maxLength={REPORT_CONTENTS_MAX}>
          <Label className="field-label">{t("view.report.notes")}</Label>
          <TextArea className="field-input mr-textarea" rows={4} />
        </TextField>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("view.cancel")}</Button>
          <Button type="submit" variant="danger" isDisabled={report.isPending}>{t("view.report.submit")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
