// The window's title-bar actions: the settings (the window's opacity, browser notifications) and close.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog, DialogTrigger, Label, Popover, Slider, SliderOutput, SliderThumb, SliderTrack } from "react-aria-components";
import { OPACITY_MAX, OPACITY_MIN } from "@shared/messenger/constants.ts";
import { Icon } from "../../../ui/icons.tsx";
import { setOpacity, useOpacity } from "../store.ts";

export function WindowMenu({ onClose }: { onClose(): void }) {
  const { t } = useTranslation("messenger");
  const opacity = useOpacity();
  const [permission, setPermission] = useState(() => (typeof Notification === "undefined" ? "denied" : Notification.permission));
  return (
    <div className="msg-titlebar-actions">
      <DialogTrigger>
        <Button className="icon-button" aria-label={t("window.settings")}><Icon name="settings" size={18} /></Button>
        <Popover className="menu-popover msg-popover" placement="bottom end">
          <Dialog className="msg-settings" aria-label={t("window.settings")}>
            <Slider className="msg-slider" minValue={OPACITY_MIN} maxValue={OPACITY_MAX} step={1} value={opacity} onChange={(v) => setOpacity(v as number)}>
              <div className="msg-slider-head">
                <Label>{t("window.opacity")}</Label>
                <SliderOutput>{({ state }) => `${state.values[0] * 10}%`}</SliderOutput>
              </div>
              <SliderTrack className="msg-slider-track">
                <SliderThumb className="msg-slider-thumb" />
              </SliderTrack>
            </Slider>
            {permission === "default" && (
              <Button className="btn btn-secondary" onPress={() => void Notification.requestPermission().then(setPermission)}>
                {t("window.allowNotifications")}
              </Button>
            )}
            {permission === "denied" && <p className="msg-muted">{t("window.notificationsBlocked")}</p>}
            {permission === "granted" && <p className="msg-muted">{t("window.notificationsOn")}</p>}
          </Dialog>
        </Popover>
      </DialogTrigger>
      <Button className="icon-button" aria-label={t("window.close")} onPress={onClose}><Icon name="close" size={18} /></Button>
    </div>
  );
}
