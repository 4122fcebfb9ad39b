// Resources (ROLE_ADMIN): the company's bookable resources — type, status, approval, who may book — with a dialog
// to add or edit one (every field of resourceBody and the image), deletion after a confirmation (its future
// bookings are cancelled and their bookers told), and the custom types below.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminResource } from "@shared/resource/resources.ts";
import { BUILTIN_RESOURCE_TYPES, RESOURCES_MAX } from "@shared/resource/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Badge, RowActions } from "../controls.tsx";
import { notifyFailure } from "../feedback.ts";
import { AdminIcon } from "../icons.tsx";
import { adminResourcesQuery, adminTypesQuery, deleteResource, refreshResources } from "./api.ts";
import { ResourceDialog } from "./ResourceDialog.tsx";
import { TypesCard } from "./TypesCard.tsx";

export function useAdminTypeName() {
  const { t } = useTranslation("resource");
  const types = useQuery(adminTypesQuery).data;
  return (code: string) => (BUILTIN_RESOURCE_TYPES as readonly string[]).includes(code) ? t(`type.${code}`) : types?.find((ty) => ty.code === code)?.name ?? code;
}

export function ResourcesSection() {
  const { t } = useTranslation(["admin", "resource"]);
  const qc = useQueryClient();
  const list = useQuery(adminResourcesQuery);
  const typeName = useAdminTypeName();
  const [editing, setEditing] = useState<AdminResource | "new" | null>(null);
  const all = list.data ?? [];

  async function remove(r: AdminResource) {
    const ok = await confirm({ title: t("resources.delete.title"), message: t("resources.delete.message", { name: r.name }), confirmLabel: t("resources.delete.confirm"), danger: true });
    if (!ok) return;
    try {
      const res = await deleteResource(r.id);
      snackbar("SUCCESS", t("resources.delete.done", { count: res.cancelledIds.length }));
    } catch (e) {
      notifyFailure(e);
    } finally {
      await refreshResources(qc);
    }
  }

  return (
    <>
      <header className="adm-head">
        <div>
          <h2 id="adm-heading">{t("section.resources")}</h2>
          <p className="adm-sub">{list.data ? t("resources.count", { count: all.length }) : "\u00a0"}</p>
        </div>
        <Button onPress={() => setEditing("new")} isDisabled={all.length >= RESOURCES_MAX}>
          <AdminIcon name="plus" size={18} />
          {t("resources.add")}
        </Button>
      </header>
      <div className="adm-card adm-table-wrap" aria-busy={list.isFetching || undefined}>
        {list.isError ? (
          <div className="adm-empty" role="alert">
            <p>{t("loadFailed")}</p>
            <Button variant="secondary" onPress={() => void list.refetch()}>{t("resources.retry")}</Button>
          </div>
        ) : list.isPending ? <p className="adm-empty">{t("loading")}</p> : all.length === 0 ? <p className="adm-empty">{t("resources.empty")}</p> : (
          <div className="adm-res-scroll">
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">{t("resources.col.name")}</th>
                  <th scope="col">{t("resources.col.type")}</th>
                  <th scope="col">{t("resources.col.status")}</th>
                  <th scope="col">{t("resources.col.rules")}</th>
                  <th scope="col" className="adm-col-actions"><span className="visually-hidden">{t("resources.col.actions")}</span></th>
                </tr>
              </thead>
              <tbody>
                {all.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <button type="button" className="adm-res-name" onClick={() => setEditing(r)}>{r.name}</button>
                      {r.location && <span className="adm-muted adm-block">{r.location}</span>}
                    </td>
                    <td>{typeName(r.type)}</td>
                    <td><Badge tone={r.status === "IN_USE" ? "good" : "warn"}>{t(`resource:resourceStatus.${r.status}`)}</Badge></td>
                    <td>
                      <span className="adm-badges">
                        {r.needsApproval && <Badge tone="accent">{t("resources.approvalBy", { name: r.approver?.name ?? "—" })}</Badge>}
                        <Badge>{r.bookerScope === "ALL" ? t("resources.everyone") : t("resources.selected", { count: r.bookerUsers.length + r.bookerOrgans.length })}</Badge>
                      </span>
                    </td>
                    <td className="adm-col-actions">
                      <RowActions label={t("resources.actions", { name: r.name })}
                        items={[{ id: "edit", label: t("resources.edit") }, { id: "delete", label: t("resources.delete.confirm"), danger: true }]}
                        onAction={(k) => (k === "edit" ? setEditing(r) : void remove(r))} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <TypesCard />
      {editing && <ResourceDialog resource={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
