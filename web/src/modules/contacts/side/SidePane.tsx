// The address book's side pane: "new contact", the group tree, import and export. On phones it is a drawer
// from the left, opened by a button in the top bar's lead slot (as the calendar's): focus moves in and stays,
// Escape or a tap outside closes it; picking a group closes it.
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { SideDrawer as ShellDrawer, type SideDrawerTexts, useCloseDrawer } from "../../../app/shell/SideDrawer.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { Button } from "../../../ui/Button.tsx";
import { useContactUi } from "../ui-state.ts";
import { ICONS } from "../icons.ts";
import { GroupTree } from "./GroupTree.tsx";

export { useCloseDrawer };

export function SidePane() {
  const { t } = useTranslation("contacts");
  const ui = useContactUi();
  const close = useCloseDrawer();
  return (
    <div className="ct-side-inner">
      <Button className="ct-new" onPress={() => {
        close();
        ui.openCard({ kind: "new" });
      }}>
        <SvgIcon d={ICONS.plus} size={18} />
        {t("card.new")}
      </Button>
      <GroupTree onPick={close} />
      <div className="ct-side-tools">
        <AriaButton className="ct-side-tool" onPress={() => {
          close();
          ui.openImport();
        }}>
          <SvgIcon d={ICONS.upload} size={16} />
          {t("inout.import")}
        </AriaButton>
        <AriaButton className="ct-side-tool" onPress={() => {
          close();
          ui.openExport();
        }}>
          <SvgIcon d={ICONS.download} size={16} />
          {t("inout.export")}
        </AriaButton>
      </div>
    </div>
  );
}

/** The side pane in the phone drawer (app/shell/SideDrawer.tsx); `texts`: another module's (the customer book). */
export function SideDrawer({ children, texts }: { children: React.ReactNode; texts?: SideDrawerTexts }) {
  const { t } = useTranslation("contacts");
  return <ShellDrawer texts={texts ?? { label: t("side.label"), open: t("side.open"), close: t("side.close") }}>{children}</ShellDrawer>;
}
