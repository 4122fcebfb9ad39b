// /leave/application (002 §2): the application screen; ?usageId edits one of the user's PENDING leaves (a
// decided one cannot be: 002 §8's text is shown). A saved application goes to the own dashboard, PENDING.
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { usePageTitle } from "../../../app/title.ts";
import { errorText } from "../../../lib/i18n.ts";
import { codeOf } from "../../../lib/api.ts";
import { LoadState } from "../LoadState.tsx";
import { usageQuery } from "../queries.ts";
import type { ApplicationSearch } from "../search.ts";
import { LeaveForm } from "./LeaveForm.tsx";

export const Route = createLazyRoute("/app/leave/application")({ component: Application });

function Application() {
  const { t } = useTranslation("leave");
  const { usageId, date } = Route.useSearch() as ApplicationSearch;
  const navigate = useNavigate();
  const me = useQuery(userDetailQuery).data;
  const editing = useQuery({ ...usageQuery(usageId ?? 0), enabled: !!usageId });
  const title = usageId ? t("apply.editTitle") : t("side.application");
  usePageTitle(`${title} · ${t("title")}`);
  const home = () => void navigate({ to: "/leave/members/$id", params: { id: String(me?.id ?? 0) } });
  const locked = editing.data && editing.data.status !== "PENDING" ? (editing.data.used ? "leave.already_used" : "leave.not_editable") : null;

  return (
    <section className="lv-screen" aria-labelledby="lv-title">
      <header className="lv-toolbar">
        <h1 id="lv-title" className="lv-title">{title}</h1>
      </header>
      <div className="lv-body lv-narrow-body">
        {usageId && <LoadState query={editing} error={editing.isError ? errorText(codeOf(editing.error)) : undefined} />}
        {locked && <p className="lv-note" role="alert">{errorText(locked)}</p>}
        {(!usageId || (editing.data && !locked)) && (
          <LeaveForm key={usageId ?? "new"} editing={editing.data} day={date} onCancel={home}
            onDone={(u) => {
              // carried to the dashboard the form goes to (else the route change dismissed it at once)
              snackbar("SUCCESS", t(usageId ? "apply.edited" : u.approvalDocumentId ? "apply.sentToApproval" : "apply.applied"), { carry: true });
              home();
            }} />
        )}
      </div>
    </section>
  );
}
