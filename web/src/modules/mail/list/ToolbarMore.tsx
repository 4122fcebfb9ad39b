// The list toolbar's "more" menu on small screens: the actions the phone toolbar has no room to show as
// buttons (mark unread, star, report spam, tags as a submenu, read all, empty trash or spam), as one react-aria
// menu, so none is lost and the toolbar stays one row.
import type { ReactNode } from "react";
import { Button, Menu, MenuItem, MenuTrigger, Popover, SubmenuTrigger } from "react-aria-components";
import { SvgIcon } from "../../../ui/icons.tsx";

const MORE_ICON = "M12 6.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM12 13.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM12 20.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z";

export interface MoreAction {
  id: string;
  label: string;
  isDisabled?: boolean;
  run(): void;
}

export function ToolbarMore({ label, before, after, tag, onOpenChange }: {
  label: string;
  /** Actions listed before the tag submenu, and after it. */
  before: MoreAction[];
  after: MoreAction[];
  /** The tag submenu: its item's label, whether it is disabled, and its Menu. */
  tag?: { label: string; isDisabled: boolean; menu: ReactNode };
  onOpenChange?(open: boolean): void;
}) {
  const all = [...before, ...after];
  const item = (a: MoreAction) => <MenuItem key={a.id} id={a.id} className="menu-item" isDisabled={a.isDisabled}>{a.label}</MenuItem>;
  return (
    <MenuTrigger onOpenChange={onOpenChange}>
      <Button className="mail-tool" aria-label={label}>
        <SvgIcon d={MORE_ICON} size={16} />
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" aria-label={label} onAction={(k) => all.find((a) => a.id === String(k))?.run()}>
          {before.map(item)}
          {tag && (
            <SubmenuTrigger>
              <MenuItem id="more:tag" className="menu-item" isDisabled={tag.isDisabled}>
                {tag.label} <span aria-hidden="true">›</span>
              </MenuItem>
              <Popover className="menu-popover" placement="bottom end">{tag.menu}</Popover>
            </SubmenuTrigger>
          )}
          {after.map(item)}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
