// The catalogue (shared/home/widgets.ts WIDGETS) by category: only widgets whose module the account uses
// (`modules`; null: every module, for the company default), each added at the bottom of the grid.
import { useTranslation } from "react-i18next";
import { type ModuleType } from "@shared/users.ts";
import { WIDGET_CATEGORIES, WIDGET_IDS, WIDGETS, type WidgetId, WIDGETS_MAX } from "@shared/home/widgets.ts";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";

export function Catalogue({ isOpen, onClose, modules, count, onAdd }: {
  isOpen: boolean;
  onClose(): void;
  modules: ModuleType[] | null;
  count: number;
  onAdd(component: WidgetId): void;
}) {
  const { t } = useTranslation("home");
  const offered = WIDGET_IDS.filter((id) => {
    const m = WIDGETS[id].module;
    return m === null || modules === null || modules.includes(m);
  });
  const full = count >= WIDGETS_MAX;
  return (
    <Dialog title={t("catalogue.title")} isOpen={isOpen} onClose={onClose} width={560}>
      {full && <p className="hm-note" role="status">{t("catalogue.full", { max: WIDGETS_MAX })}</p>}
      <div className="hm-catalogue">
        {WIDGET_CATEGORIES.map((c) => {
          const ids = offered.filter((id) => WIDGETS[id].category === c);
          if (ids.length === 0) return null;
          return (
            <section key={c} aria-labelledby={`hm-cat-${c}`}>
              <h3 id={`hm-cat-${c}`} className="hm-cat-title">{t(`catalogue.category.${c}`)}</h3>
              <ul className="hm-cat-list">
                {ids.map((id) => (
                  <li key={id} className="hm-cat-item">
                    <div>
                      <strong>{t(`widget.${id}.title`)}</strong>
                      <p className="hm-cat-description">{t(`widget.${id}.description`)}</p>
                    </div>
                    <Button variant="secondary" isDisabled={full} aria-label={t("catalogue.addOne", { title: t(`widget.${id}.title`) })} onPress={() => onAdd(id)}>
                      {t("catalogue.add")}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("catalogue.close")}</Button>
      </div>
    </Dialog>
  );
}
