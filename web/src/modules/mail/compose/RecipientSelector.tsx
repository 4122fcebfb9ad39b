// The recipient selector dialog (000 §2 "Mail dialogs: recipient selector"): the organisation chart (GET
// api/organizations) on the left, the chosen organisation's members (GET api/users/organization/{id}, with a
// search word) on the right as a multi-select list; the chosen people, or the organisation's own address, are
// added to To, Cc or Bcc. The dialog stays open so several fields can be filled; Done closes it.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Selection, ListBox, ListBoxItem, SearchField, Input, Label } from "react-aria-components";
import type { OrganizationMember, OrganizationTreeNode } from "@shared/organizations.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { organizationTreeQuery } from "../../../app/queries.ts";
import { organizationMembersQuery } from "./api.ts";
import { type Recipient, recipient, type RecipientKind, RECIPIENT_KINDS } from "./state.ts";

interface FlatNode {
  node: OrganizationTreeNode;
  depth: number;
}

function flatten(nodes: OrganizationTreeNode[], depth = 0, out: FlatNode[] = []): FlatNode[] {
  for (const node of nodes) {
    out.push({ node, depth });
    flatten(node.children, depth + 1, out);
  }
  return out;
}

export const memberLabel = (m: Pick<OrganizationMember, "accountName" | "username">) => `${m.accountName} <${m.username}>`;

export function RecipientSelector({ isOpen, onClose, onAdd }: {
  isOpen: boolean;
  onClose(): void;
  onAdd(kind: RecipientKind, list: Recipient[]): void;
}) {
  const { t } = useTranslation("mail");
  const tree = useQuery({ ...organizationTreeQuery, enabled: isOpen });
  const nodes = flatten(tree.data ?? []);
  const [organId, setOrganId] = useState<number | null>(null);
  const current = organId ?? nodes[0]?.node.id ?? null;
  const org = nodes.find((n) => n.node.id === current)?.node;
  const [word, setWord] = useState("");
  const members = useQuery({ ...organizationMembersQuery(current ?? 0, 0, word), enabled: isOpen && current !== null });
  const [picked, setPicked] = useState<Selection>(new Set());
  const [status, setStatus] = useState("");
  const list = members.data?.content ?? [];

  function add(kind: RecipientKind) {
    const ids = picked === "all" ? list.map((m) => m.id) : [...picked].map(Number);
    const chosen = list.filter((m) => ids.includes(m.id));
    if (!chosen.length) return;
    onAdd(kind, chosen.map((m) => recipient(memberLabel(m), { person: true })));
    setPicked(new Set());
    setStatus(t("compose.selector.added", { count: chosen.length, field: t(`compose.${kind}`) }));
  }

  function addOrganization(kind: RecipientKind) {
    if (!org?.email) return;
    onAdd(kind, [recipient(`${org.name} <${org.email}>`, { group: true })]);
    setStatus(t("compose.selector.added", { count: 1, field: t(`compose.${kind}`) }));
  }

  return (
    <Dialog title={t("compose.selector.title")} isOpen={isOpen} onClose={onClose} width={860}>
      <div className="cmp-sel">
        <div className="cmp-sel-tree">
          <ListBox aria-label={t("compose.selector.organizations")} className="menu cmp-sel-list" selectionMode="single"
            disallowEmptySelection selectedKeys={current === null ? [] : [String(current)]}
            onSelectionChange={(keys) => {
              const k = keys === "all" ? null : [...keys][0];
              if (k !== undefined && k !== null) {
                setOrganId(Number(k));
                setPicked(new Set());
              }
            }}
            renderEmptyState={() => <div className="cmp-muted cmp-sel-empty">{tree.isLoading ? t("compose.loading") : t("compose.selector.noOrganizations")}</div>}>
            {nodes.map(({ node, depth }) => (
              <ListBoxItem key={node.id} id={String(node.id)} textValue={node.name} className="menu-item cmp-sel-org"
                style={{ paddingInlineStart: 10 + depth * 16 }}>
                <span>{node.name}</span>
                {node.memberCount !== undefined && <span className="cmp-muted">{node.memberCount}</span>}
              </ListBoxItem>
            ))}
          </ListBox>
        </div>
        <div className="cmp-sel-members">
          <SearchField className="field cmp-sel-search" value={word} onChange={setWord}>
            <Label className="field-label">{t("compose.selector.search")}</Label>
            <Input className="field-input" />
          </SearchField>
          <ListBox aria-label={t("compose.selector.members", { name: org?.name ?? "" })} className="menu cmp-sel-list" selectionMode="multiple"
            selectedKeys={picked} onSelectionChange={setPicked} items={list}
            renderEmptyState={() => <div className="cmp-muted cmp-sel-empty">{members.isLoading ? t("compose.loading") : t("compose.selector.noMembers")}</div>}>
            {(m) => (
              <ListBoxItem id={m.id} textValue={memberLabel(m)} className="menu-item cmp-sel-member">
                {({ isSelected }) => (
                  <>
                    <span className="cmp-sel-check" aria-hidden="true">{isSelected ? "✓" : ""}</span>
                    <span className="cmp-sel-name">{m.accountName}{m.position ? ` · ${m.position}` : ""}</span>
                    <span className="cmp-muted">{m.username}</span>
                  </>
                )}
              </ListBoxItem>
            )}
          </ListBox>
          <div className="cmp-sel-actions">
            {RECIPIENT_KINDS.map((k) => (
              <Button key={k} variant="secondary" isDisabled={picked !== "all" && picked.size === 0} onPress={() => add(k)}>
                {t("compose.selector.addTo", { field: t(`compose.${k}`) })}
              </Button>
            ))}
          </div>
          {org?.email && (
            <div className="cmp-sel-actions">
              <span className="cmp-muted">{t("compose.selector.orgAddress", { address: org.email })}</span>
              {RECIPIENT_KINDS.map((k) => (
                <Button key={k} variant="ghost" onPress={() => addOrganization(k)}>{t("compose.selector.addTo", { field: t(`compose.${k}`) })}</Button>
              ))}
            </div>
          )}
        </div>
      </div>
      <p role="status" className="cmp-muted cmp-sel-status">{status}</p>
      <div className="dialog-actions">
        <Button onPress={onClose}>{t("compose.selector.done")}</Button>
      </div>
    </Dialog>
  );
}
