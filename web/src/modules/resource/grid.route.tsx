// /resource/{date}/{type}[?range=week] (002 §2): the toolbar and the time grid of the type's resources for the day,
// or the ISO week. The types offered are the side pane's (GET types: those with resources), so a type that is not
// among them — without resources, or a custom one that no longer exists — goes to ALL once they are known (the
// admin page lists every type). No resources at all: the message telling to register one in the admin page
// (002 §8), with the way there for an administrator.
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ALL_TYPES } from "@shared/resource/constants.ts";
import { userDetailQuery } from "../../app/queries.ts";
import { usePageTitle } from "../../app/title.ts";
import { Button } from "../../ui/Button.tsx";
import { dayQuery, typesQuery } from "./queries.ts";
import { Toolbar } from "./grid/Toolbar.tsx";
import { DayGrid } from "./grid/DayGrid.tsx";
import { WeekGrid } from "./grid/WeekGrid.tsx";
import { resourceErrorText } from "./errors.ts";
import { useTypeName } from "./type-name.ts";

export const Route = createLazyRoute("/app/resource/$date/$type")({ component: GridScreen });

function GridScreen() {
  const { t } = useTranslation("resource");
  const { date, type } = Route.useParams();
  const search = Route.useSearch() as { range?: "week" };
  const range = search.range === "week" ? "week" : "day";
  const navigate = useNavigate();
  const typeName = useTypeName();
  const me = useQuery(userDetailQuery).data;
  const types = useQuery(typesQuery);
  const data = useQuery(dayQuery(date, type, range));
  const known = type === ALL_TYPES || types.data?.some((ty) => ty.code === type);
  const leaving = types.data !== undefined && !known;
  const current = types.data?.find((ty) => ty.code === type);
  usePageTitle(`${type === ALL_TYPES ? t("type.ALL") : current ? typeName(current) : ""} · ${t("title")}`);
  useEffect(() => {
    if (types.data && !known) void navigate({ to: "/resource/$date/$type", params: { date, type: ALL_TYPES }, search, replace: true });
  }, [types.data, known]);

  const resources = data.data?.resources ?? [];
  return (
    <div className="rs-screen">
      <Toolbar date={date} type={type} range={range} />
      {leaving ? (
        <p className="rs-state rs-muted" role="status">{t("loading")}</p>
      ) : data.isError && !data.data ? (
        <div className="rs-state" role="alert">
          <p>{t("loadError")} <span className="rs-muted">{resourceErrorText(data.error)}</span></p>
          <Button variant="secondary" onPress={() => void data.refetch()}>{t("retry")}</Button>
        </div>
      ) : data.isPending ? (
        <p className="rs-state rs-muted" role="status">{t("loading")}</p>
      ) : resources.length === 0 ? (
        <div className="rs-state">
          <p>{t("empty")}</p>
          {me?.ROLE === "ROLE_ADMIN" && <Link to="/admin/$section" params={{ section: "resources" }} className="btn btn-secondary">{t("toAdmin")}</Link>}
        </div>
      ) : range === "week" ? (
        <WeekGrid from={data.data.fromDate} resources={resources} />
      ) : (
        <DayGrid date={date} resources={resources} />
      )}
    </div>
  );
}
