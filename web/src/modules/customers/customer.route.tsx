// The customer address book's screen (001 §2): the side pane (the group tree, search over every group, the
// settings with deleted groups and book admins) beside the route's content (a group's cards or history, the
// settings). On phones the side pane is a drawer opened from the top bar.
import { createLazyRoute, Link, Outlet, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Form, Input, Label, SearchField } from "react-aria-components";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { SEARCH_MIN_CHARS } from "@shared/contacts/constants.ts";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { SvgIcon } from "../../ui/icons.tsx";
import { SideDrawer, useCloseDrawer } from "../contacts/side/SidePane.tsx";
import { ICONS } from "../contacts/icons.ts";
import { GroupTree } from "./side/GroupTree.tsx";
import { customerPaths, listParams } from "./params.ts";
import { useCustomerRealtime } from "./realtime.ts";
import { TagList } from "./side/TagList.tsx";
import "../contacts/contacts.css";
import "./customers.css";

export const Route = createLazyRoute("/app/customer")({ component: CustomerLayout });

function CustomerLayout() {
  const { t } = useTranslation("customers");
  const narrow = useNarrowScreen();
  useCustomerRealtime();
  const side = <SidePane />;
  return (
    <div className="ct-layout">
      {narrow
        ? <SideDrawer texts={{ label: t("side.label"), open: t("side.open"), close: t("side.close") }}>{side}</SideDrawer>
        : <nav className="ct-side" aria-label={t("side.label")}>{side}</nav>}
      <div className="ct-main">
        <Outlet />
      </div>
    </div>
  );
}

function SidePane() {
  const { t } = useTranslation("customers");
  const close = useCloseDrawer();
  const navigate = useNavigate();
  const params = listParams(useParams({ strict: false }) as Record<string, string>);
  const [word, setWord] = useState("");
  const [error, setError] = useState<string | undefined>();
  function search() {
    const w = word.trim();
    if ([...w].length < SEARCH_MIN_CHARS) return setError(t("contactErrors:contact.search_min_chars"));
    setError(undefined);
    close();
    void navigate(customerPaths.list("search", 0, "CARD", { keyword: w, searchType: "ALL" }));
  }
  return (
    <div className="ct-side-inner">
      <Form className="cu-side-search" role="search" onSubmit={(e) => {
        e.preventDefault();
        search();
      }}>
        <SearchField value={word} onChange={(v) => {
          setWord(v);
          setError(undefined);
        }} className="ct-search-field" aria-describedby={error ? "cu-search-error" : undefined}>
          <Label className="visually-hidden">{t("search.label")}</Label>
          <SvgIcon d={ICONS.search} size={16} />
          <Input className="ct-search-input" placeholder={t("search.placeholder")} />
        </SearchField>
        <AriaButton type="submit" className="ct-tool-btn">{t("search.submit")}</AriaButton>
        {error && <span id="cu-search-error" role="alert" className="ct-search-error">{error}</span>}
      </Form>
      <GroupTree current={params.type === "group" ? params.groupId : 0} onPick={close} />
      <TagList current={params.type === "tag" ? params.groupId : 0} onPick={close} />
      <div className="ct-side-tools">
        <Link to="/customer/config/$tabType" params={{ tabType: "list" }} className="ct-side-tool" onClick={close}>
          <SvgIcon d={ICONS.trash} size={16} />
          {t("config.deletedGroups")}
        </Link>
      </div>
    </div>
  );
}
