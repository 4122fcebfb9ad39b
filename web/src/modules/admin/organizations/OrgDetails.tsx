// The selected organisation: name, group address, sort order and parent (moving it), add a sub-organisation,
// delete (refused while it has sub-organisations or members), and its members.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { AdminOrganization, OrganizationUpdate } from "@shared/admin.ts";
import { SORT_ORDER_MAX } from "@shared/admin.ts";
import { isBareAddress, ORGANIZATION_NAME_MAX } from "@shared/organizations.ts";
import { api } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { companyQuery } from "../../../app/queries.ts";
import { refreshDirectory } from "../api.ts";
import { NumberInput, SelectField } from "../controls.tsx";
import { codeOf, failureText, notifyFailure, submitIf } from "../feedback.ts";
import { AdminIcon } from "../icons.tsx";
import { type OrgChart, type OrgNode, pathOf, subtreeIds } from "../orgTree.ts";
import { OrgMembers } from "./OrgMembers.tsx";

export const ROOT_KEY = "root";

/**
 * Local check of a group address (the server checks too): a full, bare address ("sales" alone asks for the
 * whole address), on one of the company's domains.
 */
export function orgEmailError(email: string, domains: string[]): string | undefined {
  const v = email.trim().toLowerCase();
  if (!v) return undefined;
  if (!isBareAddress(v)) return errorText("organization.email_invalid");
  return domains.includes(v.slice(v.lastIndexOf("@") + 1)) ? undefined : errorText("organization.email_domain");
}

/** Local check of a sort order: a whole number from 0 to SORT_ORDER_MAX, never clamped into that range. */
export function sortOrderError(v: number): string | undefined {
  return Number.isInteger(v) && v >= 0 && v <= SORT_ORDER_MAX ? undefined : errorText("organization.sort_order_invalid");
}

export function OrgDetails({ node, chart, onAddChild, onMoved, onDeleted }: {
  node: OrgNode;
  chart: OrgChart;
  onAddChild(): void;
  onMoved(id: number): void;
  /** Called before the lists refresh, so the deleted node's members are not asked for again. */
  onDeleted(parentId: number | null): void;
}) {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const domains = useQuery(companyQuery).data?.domains ?? [];
  const [name, setName] = useState(node.name);
  const [email, setEmail] = useState(node.email ?? "");
  const [sortOrder, setSortOrder] = useState(node.sortOrder);
  const [parent, setParent] = useState(node.parentId === null ? ROOT_KEY : String(node.parentId));
  const [serverError, setServerError] = useState<{ field: string; text: string } | null>(null);

  const blocked = subtreeIds(chart, node.id);
  const parentOptions = [
    { id: ROOT_KEY, label: t("orgs.topLevel") },
    ...chart.flat.filter((o) => !blocked.has(o.id)).map((o) => ({ id: String(o.id), label: o.name, depth: o.depth + 1 })),
  ];
  const nameError = name.trim() ? undefined : errorText("organization.name_required");
  const emailError = orgEmailError(email, domains);
  const orderError = sortOrderError(sortOrder);

  const save = useMutation({
    mutationFn: () => {
      const body: OrganizationUpdate = {
        name: name.trim(), email: email.trim() || null, sortOrder,
        parentId: parent === ROOT_KEY ? null : Number(parent),
      };
      return api<AdminOrganization>(`/api/admin/organizations/${node.id}`, { method: "PUT", json: body });
    },
    onSuccess: async (o) => {
      snackbar("SUCCESS", t("orgs.saved", { name: o.name }));
      await refreshDirectory(qc);
      if (o.parentId !== node.parentId) onMoved(o.id);
    },
    onError: (e) => {
      const code = codeOf(e);
      const field = code.startsWith("organization.email") ? "email" : code === "organization.parent_invalid" ? "parent"
        : code === "organization.name_required" ? "name" : code === "organization.sort_order_invalid" ? "sortOrder" : "";
      setServerError(field ? { field, text: failureText(e) } : null);
      if (!field) notifyFailure(e);
    },
  });

  async function remove() {
    if (node.childCount > 0 || node.memberCount > 0) {
      // The server would refuse (409); say why at once.
      return snackbar("ERROR", failureText(node.childCount > 0 ? "organization.has_children" : "organization.has_members"));
    }
    const ok = await confirm({
      title: t("orgs.delete.title"), message: t("orgs.delete.message", { name: pathOf(chart, node.id) }),
      confirmLabel: t("action.delete"), danger: true,
    });
    if (!ok) return;
    try {
      await api(`/api/admin/organizations/${node.id}`, { method: "DELETE" });
      snackbar("SUCCESS", t("orgs.delete.done", { name: node.name }));
      onDeleted(node.parentId);
      qc.removeQueries({ queryKey: ["admin", "organizations", node.id] });
      await refreshDirectory(qc);
    } catch (e) {
      notifyFailure(e);
    }
  }

  const err = (field: string) => (serverError?.field === field ? serverError.text : undefined);
  return (
    <>
      <div className="adm-card">
        <div className="adm-card-head">
          <div>
            <h3>{node.name}</h3>
            <p className="adm-muted">{pathOf(chart, node.id)}</p>
          </div>
          <div className="adm-card-actions">
            <Button variant="secondary" onPress={onAddChild}>
              <AdminIcon name="plus" size={18} />
              {t("orgs.addChild")}
            </Button>
            <Button variant="ghost" onPress={() => void remove()} className="adm-danger-text">
              <AdminIcon name="trash" size={18} />
              {t("action.delete")}
            </Button>
          </div>
        </div>
        <Form className="adm-form" validationBehavior="aria"
          onSubmit={submitIf(() => (setServerError(null), !nameError && !emailError && !orderError), () => save.mutate())}>
          <div className="adm-grid">
            <TextField label={t("orgs.field.name")} value={name} onChange={setName} isRequired maxLength={ORGANIZATION_NAME_MAX}
              errorMessage={err("name") ?? nameError} />
            <TextField label={t("orgs.field.email")} value={email} onChange={setEmail} type="email"
              description={t("orgs.field.emailHelp", { domains: domains.join(", ") })} errorMessage={err("email") ?? emailError} />
            <SelectField label={t("orgs.field.parent")} value={parent} onChange={setParent} options={parentOptions}
              description={t("orgs.field.parentHelp")} errorMessage={err("parent")} />
            {/* No minValue/maxValue: the field would clamp an out-of-range number silently; the check says so instead. */}
            <NumberInput label={t("orgs.field.sortOrder")} value={sortOrder} onChange={setSortOrder} description={t("orgs.field.sortOrderHelp")}
              errorMessage={err("sortOrder") ?? orderError} />
          </div>
          <div className="dialog-actions">
            <Button type="submit" isDisabled={save.isPending}>{save.isPending ? t("action.saving") : t("action.save")}</Button>
          </div>
        </Form>
      </div>
      <OrgMembers organId={node.id} name={node.name} />
    </>
  );
}
