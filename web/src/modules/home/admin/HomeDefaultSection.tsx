// Administration → Home dashboard: the company's default layout (GET/PUT/DELETE /api/admin/dashboard/default),
// which new users start from and a user's "Reset to default" brings back, arranged on the same grid as the
// dashboard; each widget shows what it is instead of the admin's own data. Every change is saved at once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { DefaultLayout } from "@shared/home/api.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { codeOf, paramsOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import * as homeApi from "../api.ts";
import { Editor } from "../Editor.tsx";
import { useLayoutDraft } from "../useLayoutDraft.ts";
import { companyDefaultQuery } from "../queries.ts";
import "../home.css";


export function HomeDefaultSection() {
  const { t } = useTranslation("home");
  const layout = useQuery(companyDefaultQuery);
  return (
    <>
      <header className="adm-head">
        <div>
          <h2 id="adm-heading">{t("admin.title")}</h2>
          <p className="adm-sub">{t("admin.intro")}</p>
        </div>
      </header>
      {!layout.data
        ? <div className="adm-card"><p className="adm-empty">{layout.isError ? errorText(codeOf(layout.error)) : t("loading")}</p></div>
        : <DefaultEditor layout={layout.data} />}
    </>
  );
}

function DefaultEditor({ layout }: { layout: DefaultLayout }) {
  const { t } = useTranslation("home");
  const qc = useQueryClient();
  const edit = useLayoutDraft(homeApi.saveCompanyDefault, (answer, last) => {
    qc.setQueryData(companyDefaultQuery.queryKey, answer);
    if (last) snackbar("SUCCESS", t("admin.saved"));
  });
  const reset = useMutation({
    mutationFn: homeApi.resetCompanyDefault,
    onSuccess: (answer) => {
      edit.clear();
      qc.setQueryData(companyDefaultQuery.queryKey, answer);
      snackbar("SUCCESS", t("admin.resetDone"));
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e), paramsOf(e))),
  });
  const askReset = async () => {
    if (await confirm({ message: t("admin.resetConfirm"), confirmLabel: t("admin.reset"), danger: true })) {
      edit.cancel();
      reset.mutate();
    }
  };
  const status = edit.pending ? t("bar.saving") : layout.custom ? t("admin.custom") : t("admin.builtIn");
  return (
    <div className="adm-card hm-admin">
      <Editor
        widgets={edit.draft ?? layout.widgets}
        onChange={edit.change}
        onReset={() => void askReset()}
        modules={null}
        label={t("grid.label")}
        resetLabel={t("admin.reset")}
        status={status}
        body={(w) => <p className="hm-cat-description">{t(`widget.${w.component}.description`)}</p>}
      />
    </div>
  );
}
