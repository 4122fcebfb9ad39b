// Members from the organisation chart (GET /api/organizations, GET /api/users/organization/{id}): each
// organisation can be added whole, or opened to add one of its members. Members in no organisation are under
// a last "No organization" entry (GET /api/users/members?unassigned=true), shown when there are any.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrganizationTreeNode } from "@shared/organizations.ts";
import { Button } from "../../ui/Button.tsx";
import { organizationTreeQuery } from "../queries.ts";
import { type DraftMember, memberKey, orgMembersQuery, unassignedMembersQuery } from "./share-api.ts";

type Pick = Omit<DraftMember, "permission" | "id">;
/** A member as the picker lists one (an organisation's, or one in none). */
type Listed = { id: number; accountName: string; username: string };

export function OrgChartPicker({ onPick, chosen }: { onPick(m: Pick): void; chosen: Set<string> }) {
  const { t } = useTranslation("share");
  const tree = useQuery(organizationTreeQuery);
  const unassigned = useQuery(unassignedMembersQuery);
  if (tree.isPending || unassigned.isPending) return <p className="share-muted">{t("loading")}</p>;
  if (tree.isError) return <p className="field-error" role="alert">{t("orgChart.failed")}</p>;
  const loose = unassigned.data?.content ?? [];
  if (!tree.data.length && !loose.length) return <p className="share-muted">{t("orgChart.empty")}</p>;
  return (
    <ul className="share-org" aria-label={t("orgChart.title")}>
      {tree.data.map((n) => <OrgNode key={n.id} node={n} depth={0} onPick={onPick} chosen={chosen} />)}
      {loose.length > 0 && <UnassignedNode members={loose} onPick={onPick} chosen={chosen} />}
    </ul>
  );
}

/** The members in no organisation: they can only be added one by one. */
function UnassignedNode({ members, onPick, chosen }: { members: Listed[]; onPick(m: Pick): void; chosen: Set<string> }) {
  const { t } = useTranslation("share");
  const [open, setOpen] = useState(false);
  return (
    <li>
      <div className="share-org-row">
        <Button variant="ghost" className="share-org-toggle" aria-expanded={open} onPress={() => setOpen(!open)}>
          {open ? "▾" : "▸"} {t("orgChart.unassigned")} ({members.length})
        </Button>
      </div>
      {open && <ul><MemberRows members={members} indent={24} onPick={onPick} chosen={chosen} /></ul>}
    </li>
  );
}

function MemberRows({ members, indent, onPick, chosen }: { members: Listed[]; indent: number; onPick(m: Pick): void; chosen: Set<string> }) {
  const { t } = useTranslation("share");
  return members.map((m) => {
    const done = chosen.has(memberKey({ memberType: "USER", memberId: m.id }));
    return (
      <li key={m.id} className="share-org-row" style={{ paddingLeft: indent }}>
        <span>{m.accountName} <span className="share-muted">{m.username}</span></span>
        <Button variant="secondary" isDisabled={done} aria-label={t("orgChart.addUser", { name: m.accountName })}
          onPress={() => onPick({ memberType: "USER", memberId: m.id, name: m.accountName, email: m.username })}>
          {done ? t("orgChart.added") : t("orgChart.add")}
        </Button>
      </li>
    );
  });
}

function OrgNode({ node, depth, onPick, chosen }: { node: OrganizationTreeNode; depth: number; onPick(m: Pick): void; chosen: Set<string> }) {
  const { t } = useTranslation("share");
  const [open, setOpen] = useState(false);
  const members = useQuery({ ...orgMembersQuery(node.id), enabled: open });
  const orgChosen = chosen.has(memberKey({ memberType: "ORGANIZATION", memberId: node.id }));
  return (
    <li>
      <div className="share-org-row" style={{ paddingLeft: depth * 16 }}>
        <Button variant="ghost" className="share-org-toggle" aria-expanded={open} onPress={() => setOpen(!open)}>
          {open ? "▾" : "▸"} {node.name}{node.memberCount !== undefined ? ` (${node.memberCount})` : ""}
        </Button>
        <Button variant="secondary" isDisabled={orgChosen} aria-label={t("orgChart.addOrg", { name: node.name })}
          onPress={() => onPick({ memberType: "ORGANIZATION", memberId: node.id, name: node.name, email: node.email })}>
          {orgChosen ? t("orgChart.added") : t("orgChart.add")}
        </Button>
      </div>
      {open && (
        <ul>
          {members.isPending && <li className="share-muted" style={{ paddingLeft: depth * 16 + 24 }}>{t("loading")}</li>}
          {members.data && <MemberRows members={members.data.content} indent={depth * 16 + 24} onPick={onPick} chosen={chosen} />}
          {node.children.map((c) => <OrgNode key={c.id} node={c} depth={depth + 1} onPick={onPick} chosen={chosen} />)}
        </ul>
      )}
    </li>
  );
}
