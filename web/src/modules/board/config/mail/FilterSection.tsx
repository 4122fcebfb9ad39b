// The mail filters of one direction of a board (shared/board/config.ts header): IN — mail to the board's address
// from a matching sender becomes a post even when the sender is no member; OUT — mail a member sends to a
// matching recipient is copied to the board. Each filter is an address or a domain (분류) and its content;
// both are required and checked before sending (filter-rules.ts), the server's 400 errors[] and its refusals
// (a repeat, too many) show at the fields. A filter can be deleted.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldError, Form, Label, Radio, RadioGroup } from "react-aria-components";
import type { BoardMail } from "@shared/board/config.ts";
import { MAIL_CLASSIFIERS, type MailClassifier, type MailDirection } from "@shared/board/constants.ts";
import { ApiError, codeOf } from "../../../../lib/api.ts";
import { Button } from "../../../../ui/Button.tsx";
import { TextField } from "../../../../ui/TextField.tsx";
import { addMailFilter, deleteMailFilter } from "../../api.ts";
import { boardErrorText } from "../../errors.ts";
import { boardKeys } from "../../queries.ts";
import { configDone, configFailed } from "../feedback.ts";
import { checkFilter, type FilterErrors, fieldText } from "./filter-rules.ts";

export function FilterSection({ mail, direction }: { mail: BoardMail; direction: MailDirection }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const [classifier, setClassifier] = useState<MailClassifier | null>(null);
  const [content, setContent] = useState("");
  const [errors, setErrors] = useState<FilterErrors>({});
  const [busy, setBusy] = useState(false);
  const filters = mail.filters.filter((f) => f.direction === direction);
  const id = `bdc-filter-${direction}`;
  const refresh = () => qc.invalidateQueries({ queryKey: boardKeys.mail(mail.boardId) });

  async function add() {
    const found = checkFilter(direction, classifier, content);
    setErrors(found);
    if (found.classifier || found.content || !classifier) return;
    setBusy(true);
    try {
      await addMailFilter(mail.boardId, { direction, classifier, content: content.trim() });
      configDone("filterAdded", { content: content.trim().toLowerCase() });
      setContent("");
      await refresh();
    } catch (e) {
      const fields = e instanceof ApiError ? e.fieldErrors : [];
      if (fields.length) {
        setErrors(Object.fromEntries(fields.map((f) => [f.field === "classifier" ? "classifier" : "content", fieldText(f.field, classifier, content)])));
      } else if (["board.filter_exists", "board.filters_max"].includes(codeOf(e))) setErrors({ content: boardErrorText(e) });
      else configFailed(e, "filterFailed");
    } finally {
      setBusy(false);
    }
  }

  async function remove(filterId: number, text: string) {
    try {
      await deleteMailFilter(mail.boardId, filterId);
      configDone("filterDeleted", { content: text });
    } catch (e) {
      configFailed(e, "filterDeleteFailed");
    } finally {
      void refresh();
    }
  }

  return (
    <section className="bdc-section bdc-filter" aria-labelledby={id}>
      <h3 id={id} className="bdc-subheading">{t(`config.mail.filter.${direction}.title`)}</h3>
      <p className="bd-muted">{t(`config.mail.filter.${direction}.explain`)}</p>
      {filters.length === 0
        ? <p className="bd-muted">{t("config.mail.filter.none")}</p>
        : (
          <ul className="bdc-rows" aria-label={t(`config.mail.filter.${direction}.list`)}>
            {filters.map((f) => (
              <li key={f.id} className="bdc-row">
                <span className="bdc-row-main">
                  <span className="share-badge">{t(`config.mail.classifier.${f.classifier}`)}</span>
                  <span className="bdc-row-name">{f.content}</span>
                </span>
                <span className="bdc-row-actions">
                  <Button variant="secondary" aria-label={t("config.mail.filter.deleteOf", { content: f.content })} onPress={() => void remove(f.id, f.content)}>
                    {t("config.mail.filter.delete")}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      <Form className="bdc-filter-form" validationBehavior="aria" aria-label={t(`config.mail.filter.${direction}.add`)} onSubmit={(ev) => {
        ev.preventDefault();
        void add();
      }}>
        <RadioGroup className="bdc-radios" value={classifier} orientation="horizontal" isInvalid={!!errors.classifier}
          onChange={(v) => {
            setClassifier(v as MailClassifier);
            setErrors((x) => ({ ...x, classifier: undefined }));
          }}>
          <Label className="field-label">{t(`config.mail.filter.${direction}.classifier`)}</Label>
          <div className="bdc-radio-row">
            {MAIL_CLASSIFIERS.map((k) => <Radio key={k} value={k} className="bdc-radio">{t(`config.mail.classifier.${k}`)}</Radio>)}
          </div>
          <FieldError className="field-error">{errors.classifier}</FieldError>
        </RadioGroup>
        <TextField label={t(`config.mail.filter.${direction}.content`)} value={content} errorMessage={errors.content}
          placeholder={classifier === "DOMAIN" ? "example.com" : "name@example.com"}
          onChange={(v) => {
            setContent(v);
            setErrors((x) => ({ ...x, content: undefined }));
          }} />
        <div className="bdc-inline-actions">
          <Button type="submit" isDisabled={busy}>{t("config.mail.filter.add")}</Button>
        </div>
      </Form>
    </section>
  );
}
