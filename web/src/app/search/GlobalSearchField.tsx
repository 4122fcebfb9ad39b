// The top bar's search across modules (issue 32), shown where the screen's module put no search of its own into
// the search slot: Enter (not while an IME composes, so Korean words work as typed) opens /search?q=.
import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input, Label, SearchField } from "react-aria-components";
import { SEARCH_KEYWORD_MAX, SEARCH_KEYWORD_MIN } from "@shared/search.ts";
import { Icon } from "../../ui/icons.tsx";
import "./search.css";

export function GlobalSearchField({ initial = "", className = "gsearch" }: { initial?: string; className?: string }) {
  const { t } = useTranslation("search");
  const navigate = useNavigate();
  const [word, setWord] = useState(initial);
  const [error, setError] = useState<string>();
  const errorId = useId();

  function run() {
    const q = word.trim();
    if (q.length < SEARCH_KEYWORD_MIN) return setError(t("tooShort", { count: SEARCH_KEYWORD_MIN }));
    setError(undefined);
    void navigate({ to: "/search", search: { q } });
  }

  return (
    <div role="search" className={className} aria-label={t("label")}>
      <SearchField value={word} maxLength={SEARCH_KEYWORD_MAX} className="gsearch-field"
        aria-describedby={error ? errorId : undefined}
        onChange={(v) => {
          setWord(v);
          setError(undefined);
        }}>
        <Label className="visually-hidden">{t("label")}</Label>
        <Icon name="search" size={16} />
        <Input className="gsearch-input" placeholder={t("placeholder")} onKeyDown={(e) => {
          if (e.key !== "Enter" || e.nativeEvent.isComposing || e.keyCode === 229) return;
          e.preventDefault();
          run();
        }} />
      </SearchField>
      {error && <span id={errorId} role="alert" className="gsearch-error">{error}</span>}
    </div>
  );
}
