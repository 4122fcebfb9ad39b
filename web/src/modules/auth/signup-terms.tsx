// The two required agreements of the sign-up, each with a "view" link that opens the full text in a dialog.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { NS } from "./signup-common.tsx";

type Doc = "terms" | "privacy";
interface Section {
  h: string;
  p: string;
}

export interface AgreementState {
  terms: boolean;
  privacy: boolean;
}

export function Agreements({ value, onChange, error }: {
  value: AgreementState;
  onChange: (next: AgreementState) => void;
  error?: string;
}) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState<Doc | null>(null);
  const all = value.terms && value.privacy;
  const set = (doc: Doc, on: boolean) => onChange({ ...value, [doc]: on });
  const sections = open ? (t(`${open}.sections`, { returnObjects: true }) as Section[]) : [];

  return (
    <fieldset className={`signup-agree${error ? " is-invalid" : ""}`} aria-describedby={error ? "signup-agree-error" : undefined}>
      <legend className="field-label">{t("agree.legend")}</legend>
      <Checkbox isSelected={all} onChange={(on) => onChange({ terms: on, privacy: on })} name="agreeAll">
        <span className="signup-agree-all">{t("agree.all")}</span>
      </Checkbox>
      {(["terms", "privacy"] as const).map((doc) => (
        <div className="signup-agree-row" key={doc}>
          <Checkbox isSelected={value[doc]} onChange={(on) => set(doc, on)} isInvalid={!!error && !value[doc]}
            name={doc === "terms" ? "agreeTerms" : "agreePrivacy"}>
            <span>{t(`agree.${doc}`)} <span className="signup-required">{t("agree.required")}</span></span>
          </Checkbox>
          <Button variant="ghost" className="signup-link-button" aria-label={t(`agree.view_${doc}`)} onPress={() => setOpen(doc)}>
            {t("agree.view")}
          </Button>
        </div>
      ))}
      {error && <p id="signup-agree-error" className="field-error">{error}</p>}

      <Dialog title={open ? t(`${open}.title`) : ""} isOpen={!!open} onClose={() => setOpen(null)} width={560}>
        <div className="signup-doc" tabIndex={0} role="document" aria-label={open ? t(`${open}.title`) : undefined}>
          <p className="signup-doc-intro">{open && t(`${open}.intro`)}</p>
          {sections.map((s) => (
            <section key={s.h}>
              <h3>{s.h}</h3>
              <p>{s.p}</p>
            </section>
          ))}
        </div>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={() => setOpen(null)}>{t("agree.close")}</Button>
          <Button autoFocus onPress={() => (open && set(open, true), setOpen(null))}>{t("agree.accept")}</Button>
        </div>
      </Dialog>
    </fieldset>
  );
}
