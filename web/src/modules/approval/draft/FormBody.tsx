// The form's HTML (templateBody, sanitised by the server) with an input in place of each <gw-field key="...">:
// the HTML goes into the container as it is, and each field's input is rendered into its placeholder through a
// portal. Fields the template does not place are listed after it, with their labels, so none is lost.
import { useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import type { FormField } from "@shared/approval/forms.ts";

export function FormBody({ html, fields, render }: { html: string; fields: FormField[]; render(f: FormField): React.ReactNode }) {
  const { t } = useTranslation("approval");
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ html: string | null; slots: { key: string; el: Element }[] }>({ html: null, slots: [] });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.innerHTML = html;
    setState({ html, slots: [...box.querySelectorAll("gw-field")].map((el) => ({ key: el.getAttribute("key") ?? "", el })) });
  }, [html]);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const slots = state.slots;
  const placed = new Set(slots.map((s) => s.key));
  const rest = state.html === html ? fields.filter((f) => !placed.has(f.key)) : [];

  return (
    <>
      <div ref={ref} className="ad-body gw-form" />
      {slots.map(({ key, el }) => {
        const f = byKey.get(key);
        return f ? createPortal(render(f), el, key) : null;
      })}
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
