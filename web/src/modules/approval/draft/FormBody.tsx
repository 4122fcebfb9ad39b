// The form's HTML (templateBody) with an input in place of each <gw-field key="...">, rebuilt as React elements
// by the document view's allow-list renderer (document/safe-html.tsx): no raw HTML reaches the page. Fields the
// template does not place are listed after it, with their labels, so none is lost.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { FormField } from "@shared/approval/forms.ts";
import { safeHtml } from "../document/safe-html.tsx";

/** The field keys the template places. */
export function placedKeys(html: string): Set<string> {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return new Set([...doc.querySelectorAll("gw-field")].map((el) => el.getAttribute("key") ?? ""));
}

export function FormBody({ html, fields, render }: { html: string; fields: FormField[]; render(f: FormField): React.ReactNode }) {
  const { t } = useTranslation("approval");
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const placed = useMemo(() => placedKeys(html), [html]);
  const rest = fields.filter((f) => !placed.has(f.key));
  const body = safeHtml(html, (tag, el) => {
    if (tag !== "gw-field") return undefined;
    const f = byKey.get(el.getAttribute("key") ?? "");
    return f ? <span className="ad-slot">{render(f)}</span> : null;
  });

  return (
    <>
      <div className="ad-body gw-form">{body}</div>
      {rest.length > 0 && (
        <section className="ad-rest" aria-label={t("draft.otherFields")}>
          {rest.map((f) => (
            <div key={f.key} className="ad-rest-row">
              <span className="ad-rest-label" aria-hidden="true">{f.label}{f.required && " *"}</span>
              <div className="ad-rest-input">{render(f)}</div>
            </div>
          ))}
        </section>
      )}
    </>
  );
}
