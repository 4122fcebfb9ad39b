// A colour choice (GROUP_COLORS: groups and STATUS labels): a swatch button and a menu of the colours by name.
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { GROUP_COLORS } from "@shared/todo/constants.ts";

export const COLOR_NAMES = ["blue", "green", "orange", "red", "purple", "pink", "darkGreen", "violet", "sky", "gray"] as const;
export const colorName = (hex: string) => COLOR_NAMES[GROUP_COLORS.indexOf(hex as (typeof GROUP_COLORS)[number])] ?? "custom";

export function ColorMenu({ color, label, onPick }: { color: string; label: string; onPick(color: string): void }) {
  const { t } = useTranslation("todo");
  return (
    <MenuTrigger>
      <AriaButton className="tt-swatch-button" aria-label={`${label}: ${t(`table.colors.${colorName(color)}`)}`}>
        <span className="tt-swatch" style={{ background: color }} aria-hidden="true" />
      </AriaButton>
      <Popover className="menu-popover" placement="bottom start">
        <Menu className="menu" aria-label={label} onAction={(k) => onPick(String(k))} selectionMode="single" selectedKeys={[color]}>
          {GROUP_COLORS.map((c) => (
            <MenuItem key={c} id={c} className="menu-item" textValue={t(`table.colors.${colorName(c)}`)}>
              <span className="tt-swatch-option"><span className="tt-swatch" style={{ background: c }} aria-hidden="true" />{t(`table.colors.${colorName(c)}`)}</span>
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
