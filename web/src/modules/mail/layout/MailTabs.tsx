// Mail tabs (000 §2, §4): 'list' always; 'view', 'write' and 'config' appear once such a screen was opened
// and tabs are enabled. Each tab remembers the last address of its kind; closing the view (or write, config)
// tab forgets it and, when it was the open one, selects the list tab.
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button, Tab, TabList, Tabs } from "react-aria-components";
import { Icon } from "../../../ui/icons.tsx";

export type TabKind = "list" | "view" | "write" | "config";
const KINDS: TabKind[] = ["list", "view", "write", "config"];

export function tabKindOf(path: string): TabKind | null {
  if (!path.startsWith("/mail/")) return null;
  if (path.startsWith("/mail/view/")) return "view";
  if (path.startsWith("/mail/write/")) return "write";
  if (path.startsWith("/mail/config/")) return "config";
  return "list";
}

// The remembered address per tab, for the life of the page.
let tabs: Partial<Record<TabKind, string>> = {};
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const store = {
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => tabs,
  set(kind: TabKind, href: string | undefined) {
    if (tabs[kind] === href) return;
    tabs = { ...tabs, [kind]: href };
    if (href === undefined) delete tabs[kind];
    emit();
  },
};

export function MailTabs() {
  const { t } = useTranslation("mail");
  const navigate = useNavigate();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const open = useSyncExternalStore(store.subscribe, store.get);
  const current = tabKindOf(path);

  useEffect(() => {
    if (current) store.set(current, path);
  }, [current, path]);

  const shown = KINDS.filter((k) => k === "list" || open[k]);
  const go = (kind: TabKind) => {
    // The list tab is always there, even before a list was shown in this page: then it opens mail home.
    const href = open[kind] ?? (kind === "list" ? "/mail" : undefined);
    if (href && kind !== current) void navigate({ to: href });
  };
  const close = (kind: TabKind) => {
    store.set(kind, undefined);
    if (kind === current) void navigate({ to: open.list ?? "/mail" });
  };

  return (
    <div className="mail-tabs">
      <Tabs selectedKey={current ?? "list"} onSelectionChange={(k) => go(k as TabKind)}>
        <TabList aria-label={t("layout.tabs")} className="mail-tablist">
          {shown.map((k) => <Tab key={k} id={k} className="mail-tab">{t(`layout.tab.${k}`)}</Tab>)}
        </TabList>
      </Tabs>
      {shown.filter((k) => k !== "list").map((k) => (
        <Button key={k} className="icon-button mail-tab-close" aria-label={t("layout.closeTab", { tab: t(`layout.tab.${k}`) })} onPress={() => close(k)}>
          <Icon name="close" size={14} />
        </Button>
      ))}
    </div>
  );
}
