// The user menu: language list, account settings, other accounts (switch), admin shortcut, logout. Its items
// (useUserMenu) also make the lower part of the top bar's overflow menu on narrow screens.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from "react-aria-components";
import type { AvailableAccount, ChangeAccountResponse } from "@shared/accounts.ts";
import { LANGUAGES, type Language } from "@shared/locale.ts";
import type { UserInfo } from "@shared/users.ts";
import { api, ApiError } from "../../lib/api.ts";
import { errorText, setLanguage } from "../../lib/i18n.ts";
import { dropReturnPath } from "../../lib/return-path.ts";
import { clearTokens, setTokens } from "../../lib/session.ts";
import { Icon } from "../../ui/icons.tsx";
import { snackbar } from "../feedback/snackbar.tsx";
import { userDetailQuery } from "../queries.ts";

export const LANGUAGE_NAMES: Record<Language, string> = { ko: "한국어", en: "English", id: "Bahasa Indonesia" };

const availableAccountsQuery = {
  queryKey: ["accounts", "available"],
  queryFn: () => api<AvailableAccount[]>("/api/users/accounts/available-accounts"),
};

export async function signOut(qc: ReturnType<typeof useQueryClient>) {
  let to = "/#/login";
  try {
    to = (await api<{ url: string }>("/oauth/logout")).url || to;
  } catch { /* the session is gone either way */ }
  clearTokens();
  dropReturnPath();
  qc.clear();
  location.assign(to);
}

/** The user menu's items and what choosing one does (ids: lang:*, account:*, settings, admin, logout). */
export function useUserMenu(me: UserInfo) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const accounts = useQuery({ ...availableAccountsQuery, enabled: !me.switchedFrom }).data ?? [];

  async function changeLanguage(lng: Language) {
    try {
      await api("/api/users/language", { method: "PUT", form: { languageType: lng.toUpperCase() } });
      await setLanguage(lng);
      qc.setQueryData(userDetailQuery.queryKey, (u: UserInfo | undefined) => (u ? { ...u, languageType: lng } : u));
    } catch (e) {
      snackbar("ERROR", t("common:shell.languageFailed") + (e instanceof ApiError ? ` (${errorText(e.code)})` : ""));
    }
  }

  async function switchInto(id: number) {
    try {
      const r = await api<ChangeAccountResponse>(`/api/users/accounts/${id}/change-account`);
      setTokens({ accessToken: r.accessToken, refreshToken: r.refreshToken });
      qc.clear();
      location.assign("/#/");
      location.reload();
    } catch (e) {
      snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500"));
    }
  }

  const onAction = (key: React.Key) => {
    const k = String(key);
    if (k.startsWith("lang:")) void changeLanguage(k.slice(5) as Language);
    else if (k.startsWith("account:")) void switchInto(Number(k.slice(8)));
    else if (k === "settings") void navigate({ to: "/account/$tabType", params: { tabType: "info" } });
    else if (k === "admin" && me.adminUrl) {
      // The administration screens live in this app; another admin site would be left through a full load.
      const url = new URL(me.adminUrl, location.href);
      if (url.origin === location.origin && url.hash.startsWith("#/")) void navigate({ to: url.hash.slice(1) });
      else location.assign(url);
    }
    else if (k === "logout") void signOut(qc);
  };

  const items = (
    <>
      <MenuSection>
        <Header className="menu-header">
          <strong>{me.accountName}</strong>
          <span>{me.username}</span>
          {me.switchedFrom && <span className="menu-note">{t("common:shell.switchedFrom", { name: me.switchedFrom.accountName })}</span>}
        </Header>
      </MenuSection>
      <Separator className="menu-separator" />
      <MenuSection>
        <Header className="menu-header-small">{t("common:shell.language")}</Header>
        {LANGUAGES.map((l) => (
          <MenuItem key={l} id={`lang:${l}`} className="menu-item" aria-checked={i18n.language === l}>
            {LANGUAGE_NAMES[l]} {i18n.language === l && <Icon name="check" size={14} />}
          </MenuItem>
        ))}
      </MenuSection>
      <Separator className="menu-separator" />
      <MenuItem id="settings" className="menu-item">{t("common:shell.accountSettings")}</MenuItem>
      {accounts.length > 0 && (
        <MenuSection>
          <Header className="menu-header-small">{t("common:shell.otherAccounts")}</Header>
          {accounts.map((a) => (
            <MenuItem key={a.id} id={`account:${a.id}`} className="menu-item">{a.name} ({a.email})</MenuItem>
          ))}
        </MenuSection>
      )}
      {me.ROLE === "ROLE_ADMIN" && me.adminUrl && <MenuItem id="admin" className="menu-item">{t("common:shell.admin")}</MenuItem>}
      <Separator className="menu-separator" />
      <MenuItem id="logout" className="menu-item">{t("common:shell.logout")}</MenuItem>
    </>
  );
  return { onAction, items };
}

export function UserMenu({ me }: { me: UserInfo }) {
  const { t } = useTranslation();
  const { onAction, items } = useUserMenu(me);
  return (
    <MenuTrigger>
      <Button className="user-button" aria-label={t("common:shell.userMenu")}>
        <Icon name="user" />
        <span className="user-name">{me.accountName}</span>
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" onAction={onAction}>
          {items}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
