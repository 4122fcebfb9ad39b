// The recipient selector dialog (000 §2 "Mail dialogs: recipient selector"): the organisation chart (GET
// api/organizations) on the left, with a last entry for the members in no organisation; the chosen entry's
// members (GET api/users/organization/{id}, or GET api/users/members?unassigned=true) on the right as a
// multi-select list. A search word looks through the whole company (GET api/users/members?searchWord=), so
// anyone can be found whatever their organisation, or without one. The chosen people, or the organisation's
// own address, are added to To, Cc or Bcc. The dialog stays open so several fields can be filled; Done closes it.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Selection, ListBox, ListBoxItem, SearchField, Input, Label, Text } from "react-aria-components";
import type { DirectoryMember, OrganizationMember, OrganizationTreeNode } from "@shared/organizations.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { organizationTreeQuery, userDetailQuery } from "../../../app/queries.ts";
import { directoryMembersQuery, organizationMembersQuery } from "./api.ts";
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

/** The key of the chart's last entry: the members who belong to no organisation. */
const UNASSIGNED = "unassigned";

/** One person in the right-hand list: an organisation's member or a directory member. */
type Person = Pick<DirectoryMember, "id" | "accountName" | "username" | "position"> & { organizationName: string | null };

export const memberLabel = (m: Pick<OrganizationMember, "accountName" | "username">) => `${m.accountName} <${m.username}>`;

export function RecipientSelector({ isOpen, onClose, onAdd }: {
  isOpen: boolean;
  onClose(): void;
  onAdd(kind: RecipientKind, list: Recipient[]): void;
}) {
  const { t } = useTranslation("mail");
  const tree = useQuery({ ...organizationTreeQuery, enabled: isOpen });
  const me = useQuery(userDetailQuery).data;
  // An org-chart-restricted user sees only their own organisations' members: no "no organisation" entry.
  const showUnassigned = !!me && !(me.isOrgChartRestricted && me.ROLE !== "ROLE_ADMIN");
  const nodes = flatten(tree.data ?? []);
  const [chosen, setChosen] = useState<string | null>(null);
  const current = chosen ?? (nodes[0] ? String(nodes[0].node.id) : tree.isSuccess && showUnassigned ? UNASSIGNED : null);
  const org = nodes.find((n) => String(n.node.id) === current)?.node;
  const [word, setWord] = useState("");
  const searching = word.trim().length > 0;
  const members = useQuery({ ...organizationMembersQuery(org?.id ?? 0, 0, ""), enabled: isOpen && !searching && !!org });
  const directory = useQuery({
    ...directoryMembersQuery(word, !searching),
    enabled: isOpen && (searching || current === UNASSIGNED),
  });
  const source = searching || current === UNASSIGNED ? directory : members;
  const [picked, setPicked] = useState<Selection>(new Set());
  const [status, setStatus] = useState("");
  const list: Person[] = (searching || org || current === UNASSIGNED ? source.data?.content : undefined) ?? [];
  const total = source.data?.totalElements ?? 0;
  const listLabel = searching
    ? t("compose.selector.results", { word: word.trim() })
    : current === UNASSIGNED ? t("compose.selector.unassignedMembers") : t("compose.selector.members", { name: org?.name ?? "" });

  function add(kind: RecipientKind) {
    const ids = picked === "all" ? list.map((m) => m.id) : [...picked].map(Number);
    const people = list.filter((m) => ids.includes(m.id));
    if (!people.length) return;
    onAdd(kind, people.map((m) => recipient(memberLabel(m), { person: true })));
    setPicked(new Set());
    setStatus(t("compose.selector.added", { count: people.length, field: t(`compose.${kind}`) }));
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
            disallowEmptySelection selectedKeys={current === null || searching ? [] : [current]}
            onSelectionChange={(keys) => {
              const k = keys === "all" ? null : [...keys][0];
              if (k !== undefined && k !== null) {
                setChosen(String(k));
                // Choosing an entry shows its members: the company-wide search gives way.
                setWord("");
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
            {tree.isSuccess && showUnassigned && (
              <ListBoxItem key={UNASSIGNED} id={UNASSIGNED} textValue={t("compose.selector.unassigned")} className="menu-item cmp-sel-org">
                <span>{t("compose.selector.unassigned")}</span>
              </ListBoxItem>
            )}
          </ListBox>
        </div>
        <div className="cmp-sel-members">
          <SearchField className="field cmp-sel-search" value={word} onChange={(v) => (setWord(v), setPicked(new Set()))}>
            <Label className="field-label">{t("compose.selector.search")}</Label>
            <Input className="field-input" />
            <Text slot="description" className="field-description">{t("compose.selector.searchHelp")}</Text>
          </SearchField>
          <ListBox aria-label={listLabel} className="menu cmp-sel-list" selectionMode="multiple"
            selectedKeys={picked} onSelectionChange={setPicked} items={list}
            renderEmptyState={() => <div className="cmp-muted cmp-sel-empty">{source.isLoading ? t("compose.loading") : t("compose.selector.noMembers")}</div>}>
            {(m) => (
              <ListBoxItem id={m.id} textValue={memberLabel(m)} className="menu-item cmp-sel-member">
                {({ isSelected }) => (
                  <>
                    <span className="cmp-sel-check" aria-hidden="true">{isSelected ? "✓" : ""}</span>
                    <span className="cmp-sel-name">{m.accountName}{m.position ? ` · ${m.position}` : ""}</span>
                    <span className="cmp-muted">{m.username}{searching && m.organizationName ? ` · ${m.organizationName}` : ""}</span>
                  </>
                )}
              </ListBoxItem>
            )}
          </ListBox>
          {total > list.length && <p className="cmp-muted">{t("compose.selector.more", { shown: list.length, total })}</p>}
          <div className="cmp-sel-actions">
            {RECIPIENT_KINDS.map((k) => (
              <Button key={k} variant="secondary" isDisabled={picked !== "all" && picked.size === 0} onPress={() => add(k)}>
                {t("compose.selector.addTo", { field: t(`compose.${k}`) })}
              </Button>
            ))}
          </div>
          {!searching && org?.email && (
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
