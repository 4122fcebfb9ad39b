// The list toolbar's settings button: opens the config drawer (ConfigDrawer.tsx).
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { Icon } from "../../../../ui/icons.tsx";
import { DRAWER_TRIGGER_ATTR, openConfigDrawer, useConfigDrawerOpen } from "./store.ts";

export function ConfigDrawerButton() {
  const { t } = useTranslation("mail");
  const open = useConfigDrawerOpen();
  return (
    <Button className="mail-tool" onPress={openConfigDrawer} aria-label={t("drawer.open")} aria-haspopup="dialog"
      aria-expanded={open} {...{ [DRAWER_TRIGGER_ATTR]: "" }}>
      <Icon name="settings" size={16} />
    </Button>
  );
}
