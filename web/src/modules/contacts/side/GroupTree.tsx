// The group tree of the side pane (001 §2, §3 "Contact group"): the special groups all, important, new (with
// its count) and unmapped, then PRIVATE_ROOT ("my groups") with the user's own groups nested, each with a
// menu (add a sub-group, rename, delete: a group with sub-groups cannot be deleted, 001 §5), and the trash.
// Each entry is a link to its list; the one shown is marked aria-current.
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { ContactGroup, ContactGroupNode } from "@shared/contacts/groups.ts";
import { groupNameOf, SPECIAL_GROUPS } from "@shared/contacts/constants.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { confirm, inform } from "../../../app/feedback/confirm.tsx";
import * as contactApi from "../api.ts";
import { groupsQuery, refreshContacts, treeQuery } from "../queries.ts";
import { done, failed } from "../errors.ts";
import { ICONS } from "../icons.ts";
import { groupRecipients, writeMail } from "../compose.ts";
import { carriesCards, draggedCards } from "../drag.ts";
import { move } from "../list/actions.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { parseAction } from "../params.ts";
import { GroupDialog, type GroupEdit } from "./GroupDialog.tsx";
import { ItemMenu } from "./ItemMenu.tsx";

const SPECIALS: { name: keyof typeof SPECIAL_GROUPS; icon: string }[] = [
  { name: "all", icon: ICONS.people },
  { name: "important", icon: ICONS.star },
  { name: "new", icon: ICONS.sparkle },
  { name: "unmapped", icon: ICONS.unmapped },
];

export function GroupTree({ onPick }: { onPick(): void }) {
  const { t } = useTranslation("contacts");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { groupId?: string; actionObj?: string };
  const trash = !!parseAction(params.actionObj).trash;
  const current = trash ? null : params.groupId;
  const groups = useQuery(groupsQuery);
  const tree = useQuery(treeQuery);
  const [edit, setEdit] = useState<GroupEdit | null>(null);
  const count = (name: string) => groups.data?.find((g) => g.id === SPECIAL_GROUPS[name as keyof typeof SPECIAL_GROUPS]);

  async function remove(g: ContactGroup) {
    if (g.childCount > 0) {
      await inform({ message: t("contactErrors:contact.group_has_children") });
      return;
    }
    const ok = await confirm({ message: t("group.deleteConfirm", { name: g.groupName }), danger: true, confirmLabel: t("action.delete") });
    if (!ok) return;
    try {
      await contactApi.deleteGroup(g.id);
      done("groupDeleteSucceeded");
      if (current === String(g.id)) void navigate({ to: "/contact/list/$groupId/$page", params: { groupId: "all", page: "1" } });
    } catch (e) {
      failed(e, "groupDeleteFailed");
    } finally {
      await refreshContacts(qc);
    }
  }

  async function mailGroup(g: ContactGroup) {
    try {
      const to = await groupRecipients(g.id);
      if (!to.length) {
        snackbar("INFO", t("group.noAddresses", { name: g.groupName }));
        return;
      }
      onPick();
      await writeMail(navigate, qc, to);
    } catch (e) {
      failed(e);
    }
  }

  const [dropAt, setDropAt] = useState<string | null>(null);
  // An own group takes cards dropped on it: they move there from the group the list shows.
  const dropProps = (groupId: string) => {
    const target = Number(groupId);
    if (!(target > 0)) return {};
    return {
      onDragOver: (e: React.DragEvent) => {
        if (!carriesCards(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
        setDropAt(groupId);
      },
      onDragLeave: () => setDropAt((d) => (d === groupId ? null : d)),
      onDrop: (e: React.DragEvent) => {
        e.preventDefault();
        setDropAt(null);
        const ids = draggedCards(e);
        if (ids) void move(qc, ids, target, trash ? "all" : current ?? "all");
      },
    };
  };

  const link = (groupId: string, label: string, icon: string, badge?: number, isTrash = false) => {
    const active = isTrash ? trash : current === groupId;
    return (
      <Link
        {...dropProps(groupId)}
        data-drop-target={dropAt === groupId || undefined}
        to={isTrash ? "/contact/list/$groupId/$page/$actionObj" : "/contact/list/$groupId/$page"}
        params={isTrash ? { groupId: "all", page: "1", actionObj: JSON.stringify({ trash: true }) } : { groupId, page: "1" }}
        className="ct-group-link"
        aria-current={active ? "page" : undefined}
        onClick={onPick}
      >
        <SvgIcon d={icon} size={16} />
        <span className="ct-group-name">{label}</span>
        {badge !== undefined && badge > 0 && <span className="ct-group-count">{badge}</span>}
      </Link>
    );
  };

  return (
    <div className="ct-tree">
      <ul className="ct-tree-list" aria-label={t("group.specials")}>
        {SPECIALS.map((s) => {
          const g = count(s.name);
          return (
            <li key={s.name}>
              {link(s.name, t(`group.special.${s.name}`), s.icon, s.name === "new" ? g?.newCount : g?.totalCount)}
            </li>
          );
        })}
      </ul>
      <section aria-labelledby="ct-my-groups" className="ct-tree-section">
        <div className="ct-tree-head">
          <h3 id="ct-my-groups" className="ct-tree-title">{t("group.mine")}</h3>
          <AriaButton className="ct-icon-btn ct-icon-sm" aria-label={t("group.add")} onPress={() => setEdit({ kind: "add", parentId: 0 })}>
            <SvgIcon d={ICONS.plus} size={16} />
          </AriaButton>
        </div>
        {tree.error && <p role="alert" className="ct-muted">{t("contactErrors:contact.69")}</p>}
        {tree.data && tree.data.children.length === 0 && <p className="ct-muted ct-tree-empty">{t("group.none")}</p>}
        {tree.data && <Nodes nodes={tree.data.children} link={link} onEdit={setEdit} onRemove={(g) => void remove(g)} onMail={(g) => void mailGroup(g)} />}
      </section>
      <ul className="ct-tree-list ct-tree-trash">
        <li>{link("trash", t("trash.title"), ICONS.trash, undefined, true)}</li>
      </ul>
      {edit && <GroupDialog edit={edit} onClose={() => setEdit(null)} />}
    </div>
  );
}

function Nodes({ nodes, link, onEdit, onRemove, onMail }: {
  nodes: ContactGroupNode[];
  onMail(g: ContactGroup): void;
  link(groupId: string, label: string, icon: string, badge?: number): React.ReactNode;
  onEdit(e: GroupEdit): void;
  onRemove(g: ContactGroup): void;
}) {
  const { t } = useTranslation("contacts");
  return (
    <ul className="ct-tree-list">
      {nodes.map((g) => (
        <li key={g.id}>
          <div className="ct-tree-item">
            {link(groupNameOf(g.id), g.groupName, ICONS.folder, g.totalCount)}
            <ItemMenu label={t("group.menu", { name: g.groupName })} items={[
              { id: "mail", label: t("group.writeMail") }, { id: "sub", label: t("group.addSub") },
              { id: "rename", label: t("group.rename") }, { id: "delete", label: t("action.delete") },
            ]} onAction={(k) => {
              if (k === "mail") onMail(g);
              else if (k === "sub") onEdit({ kind: "add", parentId: g.id, parentName: g.groupName });
              else if (k === "rename") onEdit({ kind: "rename", group: g });
              else onRemove(g);
            }} />
          </div>
          {g.children.length > 0 && <Nodes nodes={g.children} link={link} onEdit={onEdit} onRemove={onRemove} onMail={onMail} />}
        </li>
      ))}
    </ul>
  );
}
