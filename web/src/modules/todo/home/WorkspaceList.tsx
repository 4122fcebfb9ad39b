// The workspace list (002 §2 "todo"; GET workspace): the caller's own, the followed and the company's others, each
// with its avatar, owner, followers and boards, a link to it and its actions (WorkspaceMenu); 새 워크스페이스
// opens the dialog (WorkspaceDialog).
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TodoWorkspace } from "@shared/todo/workspaces.ts";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { workspacesQuery } from "../queries.ts";
import { TODO_ICONS } from "../side/icons.ts";
import { todoLinks } from "../side/links.ts";
import { rememberWorkspace } from "../side/location.ts";
import { WorkspaceAvatar } from "../workspace/WorkspaceAvatar.tsx";
import { WorkspaceDialog } from "../workspace/WorkspaceDialog.tsx";
import { WorkspaceMenu } from "../workspace/WorkspaceMenu.tsx";

export function WorkspaceList() {
  const { t } = useTranslation("todo");
  const workspaces = useQuery(workspacesQuery);
  const [creating, setCreating] = useState(false);
  const all = workspaces.data ?? [];
  const sections: { id: string; title: string; list: TodoWorkspace[]; empty: string }[] = [
    { id: "owned", title: t("home.owned"), list: all.filter((w) => w.owner), empty: t("home.noOwned") },
    { id: "followed", title: t("home.followed"), list: all.filter((w) => w.following && !w.owner), empty: t("home.noFollowed") },
    { id: "others", title: t("home.others"), list: all.filter((w) => !w.following), empty: t("home.noOthers") },
  ];
  return (
    <div className="td-screen">
      <header className="td-screen-head">
        <h1 className="td-title">{t("home.title")}</h1>
        <Button onPress={() => setCreating(true)} className="td-btn-icon">
          <SvgIcon d={TODO_ICONS.plus} size={16} />
          {t("home.newWorkspace")}
        </Button>
      </header>
      {workspaces.isPending && <p className="td-muted" role="status">{t("common.loading")}</p>}
      {workspaces.isError && <p className="td-problem" role="alert">{t("home.failed")}</p>}
      {workspaces.data && sections.map((s) => (
        <section key={s.id} className="td-section" aria-labelledby={`td-home-${s.id}`}>
          <h2 id={`td-home-${s.id}`}>{s.title} <span className="td-count">{s.list.length}</span></h2>
          {s.list.length === 0
            ? <p className="td-muted">{s.empty}</p>
            : (
              <ul className="td-ws-list">
                {s.list.map((w) => (
                  <li key={w.id} className="td-ws-row">
                    <Link {...todoLinks.workspace(w.id)} className="td-ws-link" onClick={() => rememberWorkspace(w.id)}>
                      <WorkspaceAvatar ws={w} size={36} />
                      <span className="td-ws-text">
                        <span className="td-ws-title">{w.title}</span>
                        <span className="td-muted">
                          {t("home.meta", { owner: w.ownerName, followers: w.userCount, boards: w.boardCount })}
                        </span>
                      </span>
                    </Link>
                    <WorkspaceMenu ws={w} />
                  </li>
                ))}
              </ul>
            )}
        </section>
      ))}
      {creating && <WorkspaceDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
