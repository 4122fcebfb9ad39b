// /board/config/{tabType} (001 §2, default manage): the board settings as tabs — 게시판 관리, 태그, 숨긴 게시판,
// 메일 연동, 보기 설정, 삭제된 게시판. The tab lives in the address (arrow keys move between the tabs, each move
// replaces the address); an unknown tab shows manage. On a phone the strip scrolls sideways.
import { createLazyRoute, useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { CONFIG_TABS, type ConfigTab } from "@shared/board/constants.ts";
import { usePageTitle } from "../../../app/title.ts";
import { boardPaths } from "../paths.ts";
import { ManageTab } from "./manage/ManageTab.tsx";
import { TagTab } from "./TagTab.tsx";
import { HiddenTab } from "./HiddenTab.tsx";
import { MailTab } from "./mail/MailTab.tsx";
import { ViewTab } from "./ViewTab.tsx";
import { TrashTab } from "./TrashTab.tsx";
import "./config.css";

export const Route = createLazyRoute("/app/board/config/$tabType")({ component: ConfigScreen });

const PANELS: Record<ConfigTab, () => React.ReactNode> = {
  manage: () => <ManageTab />,
  tag: () => <TagTab />,
  hidden: () => <HiddenTab />,
  mail: () => <MailTab />,
  view: () => <ViewTab />,
  trash: () => <TrashTab />,
};

function ConfigScreen() {
  const { t } = useTranslation("board");
  const navigate = useNavigate();
  const { tabType } = useParams({ strict: false }) as { tabType?: string };
  const tab: ConfigTab = (CONFIG_TABS as readonly string[]).includes(tabType ?? "") ? tabType as ConfigTab : "manage";
  usePageTitle(`${t(`config.tab.${tab}`)} · ${t("config.title")}`);
  // On a phone the strip scrolls: the chosen tab is brought into sight (a tab opened by its address included).
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      strip.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: "nearest", inline: "nearest" })
    );
    return () => cancelAnimationFrame(frame);
  }, [tab]);
  return (
    <div className="bd-screen bdc-screen">
      <h1 className="bd-title">{t("config.title")}</h1>
      <Tabs selectedKey={tab} onSelectionChange={(k) => void navigate({ ...boardPaths.config(String(k)), replace: true })} className="bdc-tabs">
        <TabList ref={strip} aria-label={t("config.title")} className="bdc-tablist">
          {CONFIG_TABS.map((k) => <Tab key={k} id={k} className="bdc-tab">{t(`config.tab.${k}`)}</Tab>)}
        </TabList>
        {CONFIG_TABS.map((k) => <TabPanel key={k} id={k} className="bdc-panel">{PANELS[k]()}</TabPanel>)}
      </Tabs>
    </div>
  );
}
