// The customer groups of the side pane (001 §3 "Customer group", §6): the groups the user reads as a tree
// (public ones, private ones they are a member of, all of them for book admins), each a link to its cards,
// marked private or read-only; a group the user may change (hasPermission) has a menu: add a sub-group,
// edit (name, public or private with members, domain, parent), delete (kept 7 days, restorable from the
// settings). A READ member sees no menu.
import { Link, useNavigate } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { CustomerGroup } from "@shared/contacts/customers.ts";
import { CUSTOMER_RESTORE_DAYS } from "@shared/contacts/customers.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { ICONS } from "../../contacts/icons.ts";
import * as customerApi from "../api.ts";
import { refreshCustomers, treeQuery } from "../queries.ts";
import { done, failed } from "../errors.ts";
import { customerPaths } from "../params.ts";
import { ItemMenu } from "../../contacts/side/ItemMenu.tsx";
import { GroupDialog, type GroupEdit } from "./GroupDialog.tsx";

const LOCK = "M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4";

export function GroupTree({ current, onPick }: { current: number; onPick(): void }) {
  const { t } = useTranslation("customers");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const tree = useQuery(treeQuery);
  const [edit, setEdit] = useState<GroupEdit | null>(null);

  async function remove(g: CustomerGroup) {
    const ok = await confirm({ message: t("group.deleteConfirm", { name: g.groupName, days: CUSTOMER_RESTORE_DAYS }), danger: true, confirmLabel: t("action.delete") });
    if (!ok) return;
    try {
      await customerApi.deleteGroup(g.id);
      done("groupDeleted");
      if (current === g.id) void navigate({ to: "/customer", replace: true });
    } catch (e) {
      failed(e, "groupDeleteFailed");
    } finally {
      await refreshCustomers(qc);
    }
  }

  return (
    <section className="ct-tree-section" aria-labelledby="cu-groups-title">
      <div className="ct-tree-head">
        <h3 id="cu-groups-title" className="ct-tree-title">{t("group.title")}</h3>
        <AriaButton className="ct-icon-btn ct-icon-sm" aria-label={t("group.add")} onPress={() => setEdit({ kind: "add", parentId: 0 })}>
          <SvgIcon d={ICONS.plus} size={16} />
        </AriaButton>
      </div>
      {tree.error && <p role="alert" className="ct-muted">{t("toast.loadFailed")}</p>}
      {tree.data && tree.data.length === 0 && <p className="ct-muted ct-tree-empty">{t("group.none")}</p>}
      {tree.data && <Nodes nodes={tree.data} current={current} onPick={onPick} onEdit={setEdit} onRemove={(g) => void remove(g)} />}
      {edit && <GroupDialog edit={edit} onClose={() => setEdit(null)} />}
    </section>
  );
}

function Nodes({ nodes, current, onPick, onEdit, onRemove }: {
  nodes: CustomerGroup[];
  current: number;
  onPick(): void;
  onEdit(e: GroupEdit): void;
  onRemove(g: CustomerGroup): void;
}) {
  const { t } = useTranslation("customers");
  return (
    <ul className="ct-tree-list">
      {nodes.map((g) => (
        <li key={g.id}>
          <div className="ct-tree-item">
            <Link {...customerPaths.list("group", g.id)} className="ct-group-link" aria-current={current === g.id ? "page" : undefined} onClick={onPick}>
              <SvgIcon d={g.isPublic ? ICONS.folder : LOCK} size={16} />
              <span className="ct-group-name">{g.groupName}</span>
              {!g.isPublic && <span className="visually-hidden">{t("group.private")}</span>}
              {!g.hasPermission && <span className="cu-badge">{t("group.readOnly")}</span>}
              {g.cardCount > 0 && <span className="ct-group-count">{g.cardCount}</span>}
            </Link>
            {g.hasPermission && (
              <ItemMenu label={t("group.menu", { name: g.groupName })} items={[
                { id: "sub", label: t("group.addSub") }, { id: "edit", label: t("group.edit") }, { id: "delete", label: t("action.delete") },
              ]} onAction={(k) => {
                if (k === "sub") onEdit({ kind: "add", parentId: g.id, parentName: g.groupName });
                else if (k === "edit") onEdit({ kind: "edit", group: g });
                else onRemove(g);
              }} />
            )}
          </div>
          {g.children && g.children.length > 0 && <Nodes nodes={g.children} current={current} onPick={onPick} onEdit={onEdit} onRemove={onRemove} />}
        </li>
      ))}
    </ul>
  );
}
