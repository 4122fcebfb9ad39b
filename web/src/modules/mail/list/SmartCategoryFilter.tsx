// "All / Promotion / Social" above the SMART folder's list (issue 7): a react-aria ToggleButtonGroup in
// single selection (a radio group to assistive technology; arrow keys move between the choices).
import { useTranslation } from "react-i18next";
import { type Key, ToggleButton, ToggleButtonGroup } from "react-aria-components";
import { SMART_CATEGORIES, type SmartCategory } from "@shared/mail/smart.ts";

const ALL = "ALL";

export function SmartCategoryFilter({ value, onChange }: { value: SmartCategory | undefined; onChange(v: SmartCategory | undefined): void }) {
  const { t } = useTranslation("mail");
  return (
    <div className="mail-smart-filter">
      <ToggleButtonGroup
        aria-label={t("list.smart.label")}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[value ?? ALL]}
        onSelectionChange={(keys: Set<Key>) => {
          const [k] = keys;
          onChange(k === undefined || k === ALL ? undefined : k as SmartCategory);
        }}
        className="mail-smart-group"
      >
        <ToggleButton id={ALL} className="mail-smart-option">{t("list.smart.all")}</ToggleButton>
        {SMART_CATEGORIES.map((c) => (
          <ToggleButton key={c} id={c} className="mail-smart-option">{t(`list.smart.${c}`)}</ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}

/** The small badge a SMART row carries: its class. */
export function SmartCategoryBadge({ category }: { category: string }) {
  const { t } = useTranslation("mail");
  if (!(SMART_CATEGORIES as readonly string[]).includes(category)) return null;
  return <span className="mail-badge mail-badge-smart" data-category={category}>{t(`list.smart.${category}`)}</span>;
}
