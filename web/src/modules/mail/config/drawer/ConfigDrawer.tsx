// The config drawer (000 §2 "A config drawer 320 wide"): slides in from the right over the mail screen with
// the quick settings that change it at once — page size, split view (and the first mail shown), group view,
// tabs, reading and writing in popups — and a link to all settings. Each change is saved on its own with the
// settings screen's call (useSaveSetting: PUT /api/mail/config/{setting}, cache first), so the list, the
// reader and the tabs follow without a reload. A react-aria modal dialog: focus moves in and stays, Escape or
// a click outside closes it, focus returns to the settings button.
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Icon } from "../../../../ui/icons.tsx";
import { Switch } from "../../../../ui/Switch.tsx";
import { mailConfigQuery } from "../../queries.ts";
import { mailPaths, parseFolderId, parsePage } from "../../route-params.ts";
import { useSmallScreen } from "../../open.ts";
import { useSaveSetting } from "../useSaveSetting.ts";
import { PageSizeField, type PutSetting, ViewSwitches } from "../ViewFields.tsx";
import { closeConfigDrawer, DRAWER_TRIGGER_ATTR, useConfigDrawerOpen } from "./store.ts";
import "./drawer.css";

export function ConfigDrawer() {
  const { t } = useTranslation("mail");
  const isOpen = useConfigDrawerOpen();
  const close = closeConfigDrawer;
  // Leaving mail with the drawer open must not reopen it on the way back.
  useEffect(() => closeConfigDrawer, []);
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(o) => !o && close()} isDismissable className="mail-drawer-overlay">
      <Modal className="mail-drawer">
        <Dialog className="mail-drawer-dialog" aria-labelledby="mail-drawer-title">
          <header className="mail-drawer-head">
            <Heading slot="title" id="mail-drawer-title" className="mail-drawer-title">{t("drawer.title")}</Heading>
            <Button className="icon-button" onPress={close} aria-label={t("drawer.close")}>
              <Icon name="close" size={18} />
            </Button>
          </header>
          <DrawerSettings onLeave={close} />
          <FocusBackOnUnmount />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * The button that opened the drawer may have been replaced meanwhile (the list moved to the view route), so
 * react-aria cannot give focus back to it: once the drawer is gone (after its exit animation and react-aria's
 * own restore), focus the settings button on screen now if focus was left nowhere.
 */
function FocusBackOnUnmount() {
  useEffect(() => () => {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      if (document.activeElement === document.body || !document.activeElement) {
        document.querySelector<HTMLElement>(`[${DRAWER_TRIGGER_ATTR}]`)?.focus();
      }
    }));
  }, []);
  return null;
}

function DrawerSettings({ onLeave }: { onLeave(): void }) {
  const { t } = useTranslation("mail");
  const config = useQuery(mailConfigQuery).data;
  const small = useSmallScreen();
  const save = useSaveSetting();
  const p = useParams({ strict: false }) as { folderId?: string; page?: string };
  if (!config) return <p className="mail-drawer-note">{t("drawer.loading")}</p>;
  const put: PutSetting = (setting, values) => save.mutate({ setting, values });

  return (
    <div className="mail-drawer-body">
      <PageSizeField config={config} put={put} />
      <section className="mail-drawer-group" aria-labelledby="mail-drawer-view">
        <h3 id="mail-drawer-view" className="mail-drawer-subtitle">{t("drawer.view")}</h3>
        <ViewSwitches config={config} put={put} />
      </section>
      <section className="mail-drawer-group" aria-labelledby="mail-drawer-popups">
        <h3 id="mail-drawer-popups" className="mail-drawer-subtitle">{t("drawer.popups")}</h3>
        <Switch label={t("config.list.popupRead")} description={t("config.list.popupReadHint")} isSelected={config.popupRead}
          onChange={(on) => put("popupRead", { popupRead: on })} />
        <Switch label={t("config.write.popupWrite")} isSelected={config.popupWrite}
          onChange={(on) => put("popupWrite", { popupWrite: on })} />
      </section>
      {small && <p className="mail-drawer-note">{t("drawer.smallScreen")}</p>}
      <Link {...mailPaths.config(parseFolderId(p.folderId) ?? -1, parsePage(p.page) ?? 1)} className="mail-drawer-all" onClick={onLeave}>
        {t("drawer.allSettings")}
      </Link>
    </div>
  );
}
