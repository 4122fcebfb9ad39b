// The customer address book's screen (001 §2): the side pane (the group tree, search over every group, the
// settings with deleted groups and book admins) beside the route's content (a group's cards or history, the
// settings). On phones the side pane is a drawer opened from the top bar.
import { createLazyRoute, Link, Outlet, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useNavigate } from "@tanstack/react-router";
import { SEARCH_MIN_CHARS } from "@shared/contacts/constants.ts";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { SearchForm } from "../../ui/SearchForm.tsx";
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
  function search(w: string): string | undefined {
    if ([...w].length < SEARCH_MIN_CHARS) return t("contactErrors:contact.search_min_chars");
    close();
    void navigate(customerPaths.list("search", 0, "CARD", { keyword: w, searchType: "ALL" }));
  }
  return (
    <div className="ct-side-inner">
      <SearchForm className="cu-side-search" prefix="ct" id="cu-search" onSearch={search}
        label={t("search.label")} placeholder={t("search.placeholder")} submit={t("search.submit")} />
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
