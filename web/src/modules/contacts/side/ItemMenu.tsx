// The "more" menu beside an entry of a side pane's list (a contact group, a customer group, a customer tag):
// one button named for the entry, a popover menu of its actions. Shared by the address books' trees.
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { SvgIcon } from "../../../ui/icons.tsx";
import { ICONS } from "../icons.ts";

export function ItemMenu<K extends string>({ label, items, onAction }: { label: string; items: { id: K; label: string }[]; onAction(k: K): void }) {
  return (
    <MenuTrigger>
      <AriaButton className="ct-icon-btn ct-icon-sm ct-tree-more" aria-label={label}>
        <SvgIcon d={ICONS.more} size={16} />
      </AriaButton>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" onAction={(k) => onAction(k as K)}>
          {items.map((i) => <MenuItem key={i.id} id={i.id} className="menu-item">{i.label}</MenuItem>)}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
