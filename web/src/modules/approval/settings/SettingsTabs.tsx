// The personal settings' tabs: saved approval lines (config/preset) and the deputy (config/deputy).
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import "./settings.css";

export function SettingsTabs() {
  const { t } = useTranslation("approval");
  return (
    <nav className="as-tabs" aria-label={t("settings.title")}>
      <Link to={"/approval/config/preset" as "/"} className="as-tab" activeProps={{ "aria-current": "page", className: "as-tab-active" }}>
        {t("settings.presets")}
      </Link>
      <Link to={"/approval/config/deputy" as "/"} className="as-tab" activeProps={{ "aria-current": "page", className: "as-tab-active" }}>
        {t("settings.deputy")}
      </Link>
    </nav>
  );
}
