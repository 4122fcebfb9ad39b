// The right side panel (000 §2): modules, the company's custom links and the theme button; 80 wide.
// Open state is remembered; forced open on CUSTOM plans with app-folder flag 0; closed by default on medium
// and smaller screens.
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import type { CompanyInfo } from "@shared/company.ts";
import type { UserInfo } from "@shared/users.ts";
import { Icon } from "../../ui/icons.tsx";
import { ISLANDS } from "../modules.ts";
import { ThemeDialog } from "./ThemeDialog.tsx";

const KEY = "gw.sidePanelOpen";
export const MEDIUM_SCREEN_MAX = 1279;

export interface SidePanelState {
  open: boolean;
  forced: boolean;
  setOpen(open: boolean): void;
}

export function useSidePanelState(company: CompanyInfo | undefined): SidePanelState {
  const forced = company?.planType === "CUSTOM" && company.customizeUI.flagAppFolder === 0;
  const [stored, setStored] = useState<boolean>(() => {
    const v = localStorage.getItem(KEY);
    if (v !== null) return v === "1";
    return globalThis.innerWidth > MEDIUM_SCREEN_MAX;
  });
  return {
    open: forced || stored,
    forced,
    setOpen(open) {
      localStorage.setItem(KEY, open ? "1" : "0");
      setStored(open);
    },
  };
}

export function SidePanel({ me, company, canClose, onClose }: { me: UserInfo; company?: CompanyInfo; canClose: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [themeOpen, setThemeOpen] = useState(false);
  const modules = ISLANDS.filter((i) => me.usedModules.includes(i.module));
  return (
    <nav className="side-panel" aria-label={t("common:shell.sidePanel")}>
      {canClose && (
        <Button className="side-item" onPress={onClose} aria-label={t("common:shell.closePanel")}>
          <Icon name="close" />
        </Button>
      )}
      {modules.map((m) => (
        <Link key={m.module} to={m.path} className="side-item" activeProps={{ "aria-current": "page" }}>
          <Icon name={m.icon as "mail"} />
          <span>{t(`common:module.${m.labelKey}`)}</span>
        </Link>
      ))}
      {company?.customizeUI.customMenuList.map((l) => (
        <a key={l.url} href={l.url} target="_blank" rel="noopener noreferrer" className="side-item">
          <Icon name="link" />
          <span>{l.name}</span>
        </a>
      ))}
      <Button className="side-item side-theme" onPress={() => setThemeOpen(true)}>
        <Icon name="palette" />
        <span>{t("common:shell.theme")}</span>
      </Button>
      <ThemeDialog isOpen={themeOpen} onClose={() => setThemeOpen(false)} current={me.theme} />
    </nav>
  );
}
