// react-aria's locale (date fields, calendars, number fields) follows the UI language, not the browser's:
// a date field in the Indonesian UI reads dd/mm/yyyy even in a Korean browser. Used by the signed-in shell and
// the popups, so the public pages (the login bundle) do not carry it.
import type { ReactNode } from "react";
import { I18nProvider } from "react-aria-components";
import { useTranslation } from "react-i18next";

export function AriaLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <I18nProvider locale={i18n.language}>{children}</I18nProvider>;
}
