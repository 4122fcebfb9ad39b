// The initial-consonant filter Korean address books have (ㄱ ㄴ ㄷ ... ㅎ, A to Z, # for the rest): one tab at a
// time; the chosen one again shows every name. Double consonants file under their single one (shared
// hangul.ts: 까치 under ㄱ).
import { useTranslation } from "react-i18next";
import { ToggleButton } from "react-aria-components";
import { KOREAN_CONSONANTS, LATIN_CONSONANTS, OTHER_CONSONANT } from "@shared/contacts/hangul.ts";

const ALL = [...KOREAN_CONSONANTS, ...LATIN_CONSONANTS, OTHER_CONSONANT];

export function ConsonantBar({ value, onChange }: { value?: string; onChange(v: string | undefined): void }) {
  const { t } = useTranslation("contacts");
  return (
    <div className="ct-consonants" role="group" aria-label={t("list.consonants")}>
      <ToggleButton className="ct-consonant ct-consonant-all" isSelected={!value} onChange={() => onChange(undefined)}>
        {t("list.consonantAll")}
      </ToggleButton>
      {ALL.map((c) => (
        <ToggleButton key={c} className="ct-consonant" isSelected={value === c} onChange={(on) => onChange(on ? c : undefined)}
          aria-label={c === OTHER_CONSONANT ? t("list.consonantOther") : undefined}>
          {c}
        </ToggleButton>
      ))}
    </div>
  );
}
