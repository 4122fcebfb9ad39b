// /home (002 §2, §4 "Dashboard"): the welcome splash (gone after SPLASH_MS), the widget grid (locked until "Edit";
// every change saved with PUT widgets, "Reset" is DELETE widgets: the company's default), the bookmarks and the
// notepad. Widgets refresh on their modules' realtime events; HOME_CHANGED refetches the whole.
import { createLazyRoute } from "@tanstack/react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DashboardConfig } from "@shared/home/api.ts";
import { SPLASH_MS, type Widget } from "@shared/home/widgets.ts";
import { userDetailQuery } from "../../app/queries.ts";
import { confirm } from "../../app/feedback/confirm.tsx";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { codeOf, paramsOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import * as homeApi from "./api.ts";
import { Bookmarks } from "./Bookmarks.tsx";
import { Editor } from "./Editor.tsx";
import { Notepad } from "./Notepad.tsx";
import { homeConfigQuery } from "./queries.ts";
import { useHomeRealtime } from "./realtime.ts";
import { useLayoutDraft } from "./useLayoutDraft.ts";
import { WIDGET_VIEWS } from "./widgets/index.ts";
import "../../ui/ui.css";
import "./home.css";

export const Route = createLazyRoute("/app/home")({ component: Home });


function Home() {
  const { t } = useTranslation("home");
  const me = useQuery(userDetailQuery).data;
  const config = useQuery(homeConfigQuery);
  const [splash, setSplash] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setSplash(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="hm-page">
      {splash && (
        <div className="hm-splash" aria-hidden="true">
          <p className="hm-splash-text">{t("splash", { name: me?.displayName ?? "" })}</p>
        </div>
      )}
      {config.isPending ? <p className="hm-state" role="status">{t("loading")}</p> : config.isError
        ? (
          <div className="hm-state hm-state-error" role="alert">
            <p>{t("loadFailed", { reason: errorText(codeOf(config.error), paramsOf(config.error)) })}</p>
            <button type="button" className="hm-link-button" onClick={() => void config.refetch()}>{t("widget.retry")}</button>
          </div>
        )
        : <Dashboard config={config.data} />}
    </div>
  );
}

function Dashboard({ config }: { config: DashboardConfig }) {
  const { t } = useTranslation("home");
  const qc = useQueryClient();
  const me = useQuery(userDetailQuery).data;
  const setWidgets = (widgets: Widget[], defaultLayout: boolean) =>
    qc.setQueryData<DashboardConfig>(homeConfigQuery.queryKey, (c) => (c ? { ...c, widgets, defaultLayout } : c));
  const layout = useLayoutDraft(homeApi.saveWidgets, (answer) => setWidgets(answer.widgets, false));
  const widgets = layout.draft ?? config.widgets;
  useHomeRealtime(widgets);
  const reset = useMutation({
    mutationFn: homeApi.resetWidgets,
    onSuccess: (answer) => {
      layout.clear();
      setWidgets(answer.widgets, true);
      snackbar("SUCCESS", t("bar.resetDone"));
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e), paramsOf(e))),
  });
  const askReset = async () => {
    if (await confirm({ message: t("bar.resetConfirm"), confirmLabel: t("bar.reset"), danger: true })) {
      layout.cancel();
      reset.mutate();
    }
  };
  const status = layout.pending ? t("bar.saving") : config.defaultLayout ? t("bar.default") : "";
  return (
    <div className="hm-columns">
      <Editor
        widgets={widgets}
        onChange={layout.change}
        onReset={() => void askReset()}
        modules={me?.usedModules ?? []}
        label={t("grid.label")}
        resetLabel={t("bar.reset")}
        status={status}
        body={(w) => {
          const View = WIDGET_VIEWS[w.component];
          return (
            <Suspense fallback={<p className="hm-state">{t("widget.loading")}</p>}>
              <View widget={w} />
            </Suspense>
          );
        }}
      />
      <aside className="hm-aside" aria-label={t("aside")}>
        <Bookmarks bookmarks={config.bookmarks} />
        <Notepad notepad={config.notepad} />
      </aside>
    </div>
  );
}
