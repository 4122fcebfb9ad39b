// The head of a list: the board's or folder's name and description with its post count, the follow toggle and,
// for its managers, a link to the settings; the search form; the feed/list switch.
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { BoardDetail } from "@shared/board/boards.ts";
import type { ViewType } from "@shared/board/constants.ts";
import { Button } from "react-aria-components";
import { FollowToggle } from "../side/FollowToggle.tsx";
import { SearchForm } from "../search/SearchForm.tsx";
import { boardPaths } from "../paths.ts";

export function BoardHeader({ title, detail, total, view, onView }: {
  title: string;
  detail?: BoardDetail;
  total?: number;
  /** Absent: the list has one view only (the trash). */
  view?: ViewType;
  onView(v: ViewType): void;
}) {
  const { t } = useTranslation("board");
  return (
    <header className="bd-head">
      <div className="bd-head-row">
        <div className="bd-head-title">
          <h1 className="bd-title">
            {title}
            {total !== undefined && <span className="bd-total">{t("list.total", { count: total })}</span>}
          </h1>
          {detail?.description && <p className="bd-description">{detail.description}</p>}
        </div>
        <div className="bd-head-tools">
          {detail && <FollowToggle id={detail.id} name={detail.name} following={detail.following} />}
          {detail?.userPrivilege === "MANAGE" && (
            <Link {...boardPaths.config("manage")} className="btn btn-secondary">{t("list.boardSettings")}</Link>
          )}
        </div>
      </div>
      <div className="bd-head-row">
        <SearchForm />
        {view && (
          <div className="bd-view-switch" role="group" aria-label={t("list.view")}>
            {(["CARD", "LIST"] as const).map((v) => (
              <Button key={v} className="bd-view-button" aria-pressed={view === v} onPress={() => onView(v)}>{t(`list.views.${v}`)}</Button>
            ))}
          </div>
        )}
      </div>
    </header>
  );
}
