// /leave/untracked?page (HR; 002 §9: 10 a page): approved usages that no allocation supports — leave taken
// beyond what was granted. HR opens the member to grant days, or changes the usage's status.
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Usage } from "@shared/leave/leave.ts";
import { usePageTitle } from "../../../app/title.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { StatusDialog } from "../dashboard/StatusDialog.tsx";
import { formatDays, StatusChip, usageWhen } from "../format.tsx";
import { LoadState } from "../LoadState.tsx";
import { Pager } from "../Pager.tsx";
import { untrackedQuery } from "../queries.ts";
import type { PageSearch } from "../search.ts";

export const Route = createLazyRoute("/app/leave/untracked")({ component: Untracked });

function Untracked() {
  const { t, i18n } = useTranslation("leave");
  const lng = i18n.language;
  const search = Route.useSearch() as PageSearch;
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const q = useQuery(untrackedQuery(page));
  const [changing, setChanging] = useState<Usage | null>(null);
  usePageTitle(`${t("side.untracked")} · ${t("title")}`);
  const rows = q.data?.content ?? [];
  return (
    <section className="lv-screen" aria-labelledby="lv-title">
      <header className="lv-toolbar">
        <h1 id="lv-title" className="lv-title">{t("side.untracked")}</h1>
        {q.data && <span className="lv-muted">{t("members.total", { count: q.data.totalElements })}</span>}
      </header>
      <div className="lv-body">
        <p className="lv-muted lv-small">{t("untracked.help")}</p>
        <LoadState query={q} error={q.isError ? errorText(codeOf(q.error)) : undefined} empty={q.data && rows.length === 0 && t("untracked.empty")} />
        {rows.length > 0 && (
          <ul className="lv-list" aria-busy={q.isFetching || undefined}>
            {rows.map((u) => (
              <li key={u.id} className="lv-list-item">
                <div className="lv-list-text">
                  <Link to="/leave/members/$id" params={{ id: String(u.userId) }} className="lv-strong lv-link">{u.userName}</Link>
                  <span>{u.templateName} · {t(`unit.${u.unit}`)} · {t("days", { count: u.usedDays, days: formatDays(u.usedDays, lng) })}</span>
                  <span className="lv-muted">{usageWhen(u, lng)}</span>
                </div>
                <StatusChip status={u.status} />
                <Button variant="secondary" onPress={() => setChanging(u)}
                  aria-label={t("usage.statusOne", { name: `${u.userName} ${u.templateName}`, when: usageWhen(u, lng) })}>{t("usage.changeStatus")}</Button>
              </li>
            ))}
          </ul>
        )}
        {q.data && <Pager page={page} pages={q.data.totalPages} onPage={(p) => void navigate({ to: "/leave/untracked", search: p > 1 ? { page: p } : {} })} />}
      </div>
      {changing && <StatusDialog usage={changing} onClose={() => setChanging(null)} />}
    </section>
  );
}
