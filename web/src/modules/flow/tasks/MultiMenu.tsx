// A button with a menu of checkable choices (react-aria Menu, multiple selection; the keyboard reaches all): the
// filter bar's statuses, priorities and assignees, the task panel's assignees. The button says what is chosen.
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, type Selection } from "react-aria-components";
import { Icon } from "../../../ui/icons.tsx";

export function MultiMenu({ label, chosen, options, onChange, isDisabled, showNames }: {
  label: string;
  chosen: string[];
  options: { id: string; label: string }[];
  onChange(v: string[]): void;
  isDisabled?: boolean;
  /** The button shows the chosen names instead of their count. */
  showNames?: boolean;
}) {
  const { t } = useTranslation("flow");
  const names = options.filter((o) => chosen.includes(o.id)).map((o) => o.label);
  return (
    <MenuTrigger>
      <AriaButton className="fl-chip-btn" isDisabled={isDisabled} data-active={chosen.length > 0 || undefined}
        aria-label={names.length ? `${label}: ${names.join(", ")}` : label}>
        <span>{showNames ? (names.length ? names.join(", ") : t("tasks.noAssignee")) : label}</span>
        {!showNames && chosen.length > 0 && <span className="fl-chip-count">{t("filters.chosen", { count: chosen.length })}</span>}
        <Icon name="chevronDown" size={14} />
      </AriaButton>
      <Popover className="menu-popover" placement="bottom start">
        <Menu className="menu" aria-label={label} selectionMode="multiple" selectedKeys={new Set(chosen)}
          onSelectionChange={(keys: Selection) => onChange(keys === "all" ? options.map((o) => o.id) : [...keys].map(String))}>
          {options.map((o) => (
            <MenuItem key={o.id} id={o.id} className="menu-item fl-check-item" textValue={o.label}>
              {({ isSelected }) => (
                <>
                  <span className="fl-check-mark" aria-hidden="true">{isSelected ? <Icon name="check" size={14} /> : null}</span>
                  <span>{o.label}</span>
                </>
              )}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
