// form/select: the form chooser. The form boxes with their active forms (GET form/box/list), a search over the
// form names and descriptions, and the forms the user drafted with lately (dashboard/list recentForms);
// choosing one opens draft/{formId}.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FormSummary } from "@shared/approval/forms.ts";
import { SearchForm } from "../../../ui/SearchForm.tsx";
import { usePageTitle } from "../../../app/title.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { formBoxesQuery, recentFormsQuery } from "./api.ts";
import "./draft.css";

export function FormSelectPage() {
  const { t } = useTranslation("approval");
  usePageTitle(t("draft.selectTitle"));
  const boxes = useQuery(formBoxesQuery);
  const recent = useQuery(recentFormsQuery);
  const [word, setWord] = useState("");
  const [box, setBox] = useState<number | "all">("all");
  const w = word.toLowerCase();
  const match = (f: FormSummary) => !w || f.name.toLowerCase().includes(w) || f.description.toLowerCase().includes(w) || f.code.toLowerCase().includes(w);
  const shown = (boxes.data ?? []).filter((b) => box === "all" || b.id === box)
    .map((b) => ({ ...b, forms: (b.forms ?? []).filter(match) }))
    .filter((b) => b.forms.length > 0 || (!w && box !== "all"));
  const recentForms = recent.data?.recentForms ?? [];

  return (
    <div className="ad-page ad-select">
      <header className="ad-head">
        <h1 className="ad-title">{t("draft.selectTitle")}</h1>
        <SearchForm label={t("draft.formSearch")} placeholder={t("draft.formSearchPlaceholder")} submit={t("lines.searchButton")}
          word={word} prefix="ad" className="ad-search ad-select-search" id="ad-form-search" onSearch={(v) => {
            setWord(v.trim());
            return undefined;
          }} />
      </header>
      {recentForms.length > 0 && !w && (
        <section className="ad-recent" aria-labelledby="ad-recent-title">
          <h2 id="ad-recent-title" className="ad-card-title">{t("draft.recentForms")}</h2>
          <ul className="ad-chips">
            {recentForms.map((f) => (
              <li key={f.id}>
                <Link to={"/approval/draft/$formId" as "/"} params={{ formId: String(f.id) } as never} className="ad-chip">{f.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {boxes.isError ? <p className="ad-alert" role="alert">{errorText(codeOf(boxes.error))}</p> : boxes.isLoading ? (
        <p className="ad-loading" role="status">{t("draft.loading")}</p>
      ) : (
        <div className="ad-select-layout">
          <nav className="ad-boxes" aria-label={t("draft.formBoxes")}>
            <ul>
              {[{ id: "all" as const, name: t("draft.allBoxes"), count: (boxes.data ?? []).reduce((s, b) => s + (b.forms?.length ?? 0), 0) },
                ...(boxes.data ?? []).map((b) => ({ id: b.id, name: b.name, count: b.forms?.length ?? 0 }))].map((b) => (
                <li key={b.id}>
                  <button type="button" className="ad-box-btn" aria-pressed={box === b.id} onClick={() => setBox(b.id)}>
                    <span>{b.name}</span> <span className="ad-muted">{b.count}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ad-box-forms">
            {!shown.length && <p className="ad-muted">{w ? t("draft.noFormMatch") : errorText("approval.form_not_found")}</p>}
            {shown.map((b) => (
              <section key={b.id} aria-labelledby={`ad-box-${b.id}`} className="ad-box">
                <h2 id={`ad-box-${b.id}`} className="ad-card-title">{b.name}</h2>
                {b.forms.length ? (
                  <ul className="ad-form-cards">
                    {b.forms.map((f) => (
                      <li key={f.id}>
                        <Link to={"/approval/draft/$formId" as "/"} params={{ formId: String(f.id) } as never} className="ad-form-card">
                          <span className="ad-form-name">{f.name}</span>
                          <span className="ad-muted">{f.description}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : <p className="ad-muted">{t("draft.emptyBox")}</p>}
              </section>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
