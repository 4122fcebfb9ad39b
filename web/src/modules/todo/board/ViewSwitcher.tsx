// The board's view switcher (002 §2 "View types: table and kanban"; gantt only on the ADVANCED plan): one
// pressed toggle of a group (arrow keys move between them).
import { useTranslation } from "react-i18next";
import { ToggleButton, ToggleButtonGroup } from "react-aria-components";
import type { ViewType } from "@shared/todo/constants.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { TODO_ICONS } from "../side/icons.ts";

export function ViewSwitcher({ view, ganttAllowed, onChange }: { view: ViewType; ganttAllowed: boolean; onChange(v: ViewType): void }) {
  const { t } = useTranslation("todo");
  const views: ViewType[] = ganttAllowed ? ["table", "kanban", "gantt"] : ["table", "kanban"];
  return (
    <ToggleButtonGroup className="td-views" aria-label={t("board.views")} selectionMode="single" disallowEmptySelection
      selectedKeys={[view]} onSelectionChange={(keys) => {
        const k = [...keys][0];
        if (k) onChange(k as ViewType);
      }}>
      {views.map((v) => (
        <ToggleButton key={v} id={v} className="td-view-btn">
          <SvgIcon d={TODO_ICONS[v]} size={16} />
          <span>{t(`board.view.${v}`)}</span>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
