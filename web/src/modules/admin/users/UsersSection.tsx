// Users: a paged, searchable table (filter by status), with create, edit, password reset, memberships and
// delete. Row action (Enter or click) opens the edit dialog.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import type { AdminUser } from "@shared/admin.ts";
import { api } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { adminUsersQuery, refreshDirectory, USERS_PAGE_SIZE, type UserStatusFilter } from "../api.ts";
import { Badge, Pager, RowActions, SearchBox, SelectField } from "../controls.tsx";
import { notifyFailure } from "../feedback.ts";
import { AdminIcon } from "../icons.tsx";
import { formatBytes, formatDateTime } from "../format.ts";
import { UserCreateDialog } from "./UserCreateDialog.tsx";
import { type EditTab, UserEditDialog } from "./UserEditDialog.tsx";

/** The value once it has stopped changing for `ms` (one request per pause in typing, not per key). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

export function UsersSection() {
  const { t, i18n } = useTranslation("admin");
  const qc = useQueryClient();
  const me = useQuery(userDetailQuery).data;
  const [search, setSearch] = useState("");
  const searchWord = useDebounced(search, 300);
  const [status, setStatus] = useState<UserStatusFilter>("ALL");
  const [page, setPage] = useState(0);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<{ user: AdminUser; tab: EditTab } | null>(null);
  const list = useQuery(adminUsersQuery({ page, searchWord, status }));
  const users = list.data?.content ?? [];

  async function remove(u: AdminUser) {
    const ok = await confirm({
      title: t("users.delete.title"),
      message: t("users.delete.message", { name: u.accountName, username: u.username }),
      confirmLabel: t("action.delete"),
      danger: true,
    });
    if (!ok) return;
    try {
      await api(`/api/admin/users/${u.id}`, { method: "DELETE" });
      snackbar("SUCCESS", t("users.delete.done", { name: u.accountName }));
      if (users.length === 1 && page > 0) setPage(page - 1);
      await refreshDirectory(qc);
    } catch (e) {
      notifyFailure(e);
    }
  }

  function onAction(u: AdminUser, key: string) {
    if (key === "delete") void remove(u);
    else setEditing({ user: u, tab: key as EditTab });
  }

  return (
    <>
      <header className="adm-head">
        <div>
          <h2 id="adm-heading">{t("section.users")}</h2>
          <p className="adm-sub">{list.data ? t("users.count", { count: list.data.totalElements }) : "\u00a0"}</p>
        </div>
        <Button onPress={() => setCreating(true)}>
          <AdminIcon name="plus" size={18} />
          {t("users.add")}
        </Button>
      </header>

      <div className="adm-toolbar">
        <SearchBox label={t("users.search")} value={search} onChange={(v) => (setSearch(v), setPage(0))} />
        <div className="adm-toolbar-filter">
          <SelectField label={t("users.filter")} hideLabel value={status} onChange={(v) => (setStatus(v as UserStatusFilter), setPage(0))}
            options={[
              { id: "ALL", label: t("users.status.ALL") },
              { id: "ACTIVE", label: t("users.status.ACTIVE") },
              { id: "INACTIVE", label: t("users.status.INACTIVE") },
            ]} />
        </div>
      </div>

      <div className="adm-card adm-table-wrap" aria-busy={list.isFetching || undefined}>
        <Table aria-labelledby="adm-heading" className="adm-table" onRowAction={(id) => {
          const u = users.find((x) => x.id === id);
          if (u) setEditing({ user: u, tab: "profile" });
        }}>
          <TableHeader>
            <Column isRowHeader className="adm-col-name">{t("users.col.name")}</Column>
            <Column className="adm-opt">{t("users.col.organization")}</Column>
            <Column>{t("users.col.status")}</Column>
            <Column className="adm-opt">{t("users.col.quota")}</Column>
            <Column className="adm-opt-wide">{t("users.col.lastLogin")}</Column>
            <Column className="adm-col-actions"><span className="visually-hidden">{t("users.col.actions")}</span></Column>
          </TableHeader>
          {/* The rows are cached per user object: what else they show (language, "me") must invalidate them. */}
          <TableBody items={users} dependencies={[i18n.language, me?.id]} renderEmptyState={() => (
            <p className="adm-empty">{list.isLoading ? t("loading") : list.isError ? t("loadFailed") : t("users.empty")}</p>
          )}>
            {(u) => {
              const organ = u.organRelationList.find((r) => r.organId === u.organId) ?? u.organRelationList[0];
              return (
                <Row id={u.id} className="adm-row">
                  <Cell>
                    <span className="adm-person">
                      <span className="adm-avatar" aria-hidden="true">{u.accountName.slice(0, 1)}</span>
                      <span className="adm-person-text">
                        <strong>
                          {u.accountName}
                          {u.id === me?.id && <span className="adm-you"> {t("users.you")}</span>}
                        </strong>
                        <span className="adm-muted">{u.username}</span>
                      </span>
                    </span>
                  </Cell>
                  <Cell className="adm-opt">
                    {organ ? organ.organName : <span className="adm-muted">{t("users.noOrganization")}</span>}
                    {u.organRelationList.length > 1 && <span className="adm-muted"> +{u.organRelationList.length - 1}</span>}
                    {(u.jobGrade || u.position) && <span className="adm-muted adm-block">{[u.jobGrade, u.position].filter(Boolean).join(" · ")}</span>}
                  </Cell>
                  <Cell>
                    <span className="adm-badges">
                      <Badge tone={u.status === "ACTIVE" ? "good" : "warn"}>{t(`users.status.${u.status}`)}</Badge>
                      {u.role === "ROLE_ADMIN" && <Badge tone="accent">{t("users.role.ROLE_ADMIN")}</Badge>}
                      {u.isHr && <Badge>{t("users.hr")}</Badge>}
                    </span>
                  </Cell>
                  <Cell className="adm-opt">
                    <span className="adm-quota">
                      <span className="adm-quota-bar" aria-hidden="true">
                        <span style={{ width: `${Math.min(100, (u.usedSize / Math.max(1, u.totalQuota)) * 100)}%` }} />
                      </span>
                      <span className="adm-muted">{formatBytes(u.usedSize, i18n.language)} / {formatBytes(u.totalQuota, i18n.language)}</span>
                    </span>
                  </Cell>
                  <Cell className="adm-opt-wide">
                    {u.lastLoginTimeMillis ? formatDateTime(u.lastLoginTimeMillis, i18n.language) : <span className="adm-muted">{t("users.never")}</span>}
                  </Cell>
                  <Cell className="adm-col-actions">
                    <RowActions
                      label={t("users.actionsFor", { name: u.accountName })}
                      onAction={(id) => onAction(u, id)}
                      disabledKeys={u.id === me?.id ? ["delete"] : []}
                      items={[
                        { id: "profile", label: t("users.menu.edit") },
                        { id: "organizations", label: t("users.menu.organizations") },
                        { id: "password", label: t("users.menu.password") },
                        { id: "delete", label: t("users.menu.delete"), danger: true },
                      ]}
                    />
                  </Cell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
        {list.data && list.data.totalElements > 0 && (
          <Pager page={page} pageSize={USERS_PAGE_SIZE} total={list.data.totalElements} onPage={setPage} />
        )}
      </div>

      {creating && <UserCreateDialog onClose={() => setCreating(false)} />}
      {editing && <UserEditDialog user={editing.user} initialTab={editing.tab} isSelf={editing.user.id === me?.id} onClose={() => setEditing(null)} />}
    </>
  );
}
