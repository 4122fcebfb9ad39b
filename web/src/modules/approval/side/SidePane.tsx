// The approval side pane (002 §2): "기안하기" to the form chooser, the home, the boxes in their groups with the
// dashboard's counts on the boxes that have one, the department boxes (help, receive) of each organisation the
// user keeps documents for (GET config/manager/managed/list), and the personal settings. On phones it sits in
// the shell's drawer, closed by picking an entry.
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { BoxKey } from "@shared/approval/constants.ts";
import { useCloseDrawer } from "../../../app/shell/SideDrawer.tsx";
import { Button } from "../../../ui/Button.tsx";
import { countsQuery, managedQuery } from "../queries.ts";
import { approvalPaths } from "../paths.ts";
import { boxCount, BOX_GROUPS, ORGAN_BOXES } from "./boxes.ts";

export function SidePane() {
  const { t } = useTranslation("approval");
  const close = useCloseDrawer();
  const navigate = useNavigate();
  const counts = useQuery(countsQuery).data;
  const organs = useQuery(managedQuery).data ?? [];
  const loc = useRouterState({ select: (s) => ({ path: s.location.pathname, dept: (s.location.search as { dept?: number }).dept }) });

  const current = (key: BoxKey, dept?: number) =>
    (loc.path === `/approval/doc/list/${key}` || loc.path.startsWith(`/approval/doc/list/${key}/`)) && loc.dept === dept ? "page" as const : undefined;
  const entry = (key: BoxKey, dept?: number, label = t(`box.${key}`)) => {
    const n = boxCount(counts, key, dept);
    return (
      <li key={`${key}-${dept ?? ""}`}>
        <Link {...approvalPaths.box(key, dept ? { dept } : {})} className="ap-side-link" aria-current={current(key, dept)} onClick={close}>
          <span className="ap-side-name">{label}</span>
          {n > 0 && (
            <>
              <span className="ap-count" aria-hidden="true">{n}</span>
              <span className="visually-hidden">{t("side.count", { count: n })}</span>
            </>
          )}
        </Link>
      </li>
    );
  };

  return (
    <div className="ap-side-inner">
      <Button className="ap-draft" onPress={() => {
        close();
        void navigate({ to: "/approval/form/select" as "/approval/home" });
      }}>
        {t("side.draft")}
      </Button>
      <ul className="ap-side-list" role="list">
        <li>
          <Link {...approvalPaths.home()} className="ap-side-link" aria-current={loc.path === "/approval/home" ? "page" : undefined} onClick={close}>
            <span className="ap-side-name">{t("side.home")}</span>
          </Link>
        </li>
      </ul>
      {BOX_GROUPS.map((g, i) =>
        g.key
          ? (
            <section key={g.key} className="ap-side-group" aria-labelledby={`ap-side-${g.key}`}>
              <h2 id={`ap-side-${g.key}`} className="ap-side-heading">{t(`side.group.${g.key}`)}</h2>
              <ul className="ap-side-list" role="list">{g.boxes.map((k) => entry(k))}</ul>
            </section>
          )
          : <ul key={i} className="ap-side-list ap-side-group" role="list">{g.boxes.map((k) => entry(k))}</ul>
      )}
      {organs.length > 0 && (
        <section className="ap-side-group" aria-labelledby="ap-side-organ">
          <h2 id="ap-side-organ" className="ap-side-heading">{t("side.group.organ")}</h2>
          {organs.map((o) => (
            <div key={o.id} className="ap-side-organ">
              <h3 className="ap-side-organ-name" id={`ap-side-organ-${o.id}`}>{o.name}</h3>
              <ul className="ap-side-list" role="list" aria-labelledby={`ap-side-organ-${o.id}`}>
                {ORGAN_BOXES.map((k) => entry(k, o.id, t(`box.${k}`)))}
              </ul>
            </div>
          ))}
        </section>
      )}
      <ul className="ap-side-list ap-side-group" role="list">
        <li>
          <Link to={"/approval/config" as "/approval/home"} className="ap-side-link" aria-current={loc.path.startsWith("/approval/config") ? "page" : undefined}
            onClick={close}>
            <span className="ap-side-name">{t("side.settings")}</span>
          </Link>
        </li>
      </ul>
    </div>
  );
}
