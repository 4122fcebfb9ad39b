// The grid's toolbar: today, the previous / next day (or week), the day or week shown, the day / week switch and,
// on phones (no side pane in sight), the quick booking.
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SvgIcon } from "../../../ui/icons.tsx";
import { useNarrowScreen } from "../../../ui/narrow.ts";
import { Button } from "../../../ui/Button.tsx";
import { addDays, formatDay, formatWeek, today } from "../dates.ts";
import { ICONS } from "../icons.ts";
import type { GridRange } from "../routes.ts";
import { quickDraft, useResourceUi } from "../ui-state.ts";

export function Toolbar({ date, type, range }: { date: string; type: string; range: GridRange }) {
  const { t, i18n } = useTranslation("resource");
  const narrow = useNarrowScreen();
  const ui = useResourceUi();
  const step = range === "week" ? 7 : 1;
  const search = range === "week" ? { range: "week" as const } : {};
  const to = (d: string) => ({ to: "/resource/$date/$type" as const, params: { date: d, type }, search });
  return (
    <div className="rs-toolbar">
      <div className="rs-toolbar-nav">
        <Link {...to(today())} className="rs-tool-btn">{t("toolbar.today")}</Link>
        <Link {...to(addDays(date, -step))} className="rs-icon-btn" aria-label={t(`toolbar.prev.${range}`)}><SvgIcon d={ICONS.prev} /></Link>
        <Link {...to(addDays(date, step))} className="rs-icon-btn" aria-label={t(`toolbar.next.${range}`)}><SvgIcon d={ICONS.next} /></Link>
        <h1 className="rs-title" aria-live="polite">{range === "week" ? formatWeek(date, i18n.language) : formatDay(date, i18n.language)}</h1>
      </div>
      <div className="rs-toolbar-end">
        <nav className="rs-ranges" aria-label={t("toolbar.range")}>
          {(["day", "week"] as const).map((r) => (
            <Link key={r} to="/resource/$date/$type" params={{ date, type }} search={r === "week" ? { range: "week" } : {}}
              className="rs-range" aria-current={r === range ? "page" : undefined}>{t(`toolbar.${r}`)}</Link>
          ))}
        </nav>
        {narrow && (
          <Button className="rs-quick-small" onPress={() => ui.openBooking({ mode: "save", draft: quickDraft() })} aria-label={t("side.quick")}>
            <SvgIcon d={ICONS.plus} size={18} />
          </Button>
        )}
      </div>
    </div>
  );
}
