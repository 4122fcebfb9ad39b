// The organisation chart for the line editor: top-level departments first, each department's children fetched
// when it is opened (GET api/organizations/{id}/children). A react-aria Tree: arrow keys move, open and close;
// selecting a department shows its members beside it.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Collection, type Key, Tree, TreeItem, TreeItemContent } from "react-aria-components";
import type { OrganizationNode } from "@shared/organizations.ts";
import { childOrgansQuery, topOrgansQuery } from "./api.ts";

interface Node {
  id: string;
  organ: OrganizationNode | null;
  depth: number;
  children: Node[];
}

export function OrganTree({ selected, onSelect }: { selected: OrganizationNode | null; onSelect(o: OrganizationNode): void }) {
  const { t } = useTranslation("approval");
  const qc = useQueryClient();
  const top = useQuery(topOrgansQuery);
  const [kids, setKids] = useState<Map<number, OrganizationNode[]>>(new Map());
  const [expanded, setExpanded] = useState<Set<Key>>(new Set());
  const byId = new Map<string, OrganizationNode>();

  const build = (organs: OrganizationNode[], depth: number): Node[] =>
    organs.map((o) => {
      byId.set(String(o.id), o);
      const loaded = kids.get(o.id);
      const children = loaded ? build(loaded, depth + 1)
        : o.childCount > 0 ? [{ id: `loading-${o.id}`, organ: null, depth: depth + 1, children: [] }] : [];
      return { id: String(o.id), organ: o, depth, children };
    });
  const roots = build(top.data ?? [], 0);

  function onExpandedChange(keys: Set<Key>) {
    setExpanded(keys);
    for (const k of keys) {
      const id = Number(k);
      if (!kids.has(id)) {
        qc.fetchQuery(childOrgansQuery(id)).then((list) => setKids((m) => new Map(m).set(id, list)), () => {});
      }
    }
  }

  if (top.isError) return <p className="al-muted">{t("lines.loadFailed")}</p>;
  return (
    <Tree aria-label={t("lines.orgChart")} className="al-tree" items={roots} selectionMode="single"
      selectedKeys={selected ? [String(selected.id)] : []} expandedKeys={expanded}
      onExpandedChange={(k) => onExpandedChange(k as Set<Key>)}
      onSelectionChange={(keys) => {
        const k = [...(keys as Set<Key>)][0];
        const o = k === undefined ? undefined : byId.get(String(k));
        if (o) onSelect(o);
      }}
      renderEmptyState={() => <p className="al-muted">{top.isLoading ? t("lines.loading") : t("lines.noOrgans")}</p>}>
      {function render(n: Node) {
        return (
          <TreeItem id={n.id} textValue={n.organ?.name ?? t("lines.loading")} className="al-tree-item" isDisabled={!n.organ}>
            <TreeItemContent>
              {({ hasChildItems, isExpanded }) => (
                <div className="al-tree-row" style={{ paddingInlineStart: 4 + n.depth * 16 }}>
                  {hasChildItems ? (
                    <AriaButton slot="chevron" className="al-chevron" data-expanded={isExpanded || undefined}>
                      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
                    </AriaButton>
                  ) : <span className="al-chevron-space" />}
                  <span className={n.organ ? "al-tree-name" : "al-muted"}>{n.organ?.name ?? t("lines.loading")}</span>
                </div>
              )}
            </TreeItemContent>
            <Collection items={n.children}>{render}</Collection>
          </TreeItem>
        );
      }}
    </Tree>
  );
}
