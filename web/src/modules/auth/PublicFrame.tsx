// The frame of the public pages: product mark, a card, and the language choice (ko, en, id). A language
// chosen here is also the one the next sign-in keeps (and saves to the account): see the login page.
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "@shared/locale.ts";
import { pickLanguage } from "../../lib/i18n.ts";

const NAMES: Record<Language, string> = { ko: "한국어", en: "English", id: "Bahasa Indonesia" };

export function PublicFrame({ title, children, wide }: { title: string; children: React.ReactNode; wide?: boolean }) {
  const { t, i18n } = useTranslation("auth");
  return (
    <div className="public-page">
      <main className={`public-card${wide ? " public-card-wide" : ""}`}>
        <div className="public-brand">
          <span className="brand-mark" aria-hidden="true" />
          <span>{t("product")}</span>
        </div>
        <h1 className="public-title">{title}</h1>
        {children}
      </main>
      <nav className="public-languages" aria-label={t("language")}>
        {LANGUAGES.map((l) => (
          <button key={l} type="button" lang={l} aria-pressed={i18n.language === l} onClick={() => void pickLanguage(l)}>
            {NAMES[l]}
          </button>
        ))}
      </nav>
    </div>
  );
}
