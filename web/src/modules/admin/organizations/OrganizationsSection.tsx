// Organisations: the chart as a tree (arrow keys move, expand and collapse; Enter selects) and, for the
// selected node, its settings, sub-organisation and delete actions, and its members.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Collection, type Key, Tree, TreeItem, TreeItemContent } from "react-aria-components";
import { Button } from "../../../ui/Button.tsx";
import { adminOrganizationsQuery } from "../api.ts";
import { AdminIcon } from "../icons.tsx";
import { ancestorIds, buildChart, type OrgNode } from "../orgTree.ts";
import { OrgCreateDialog } from "./OrgCreateDialog.tsx";
import { OrgDetails } from "./OrgDetails.tsx";

export function OrganizationsSection() {
  const { t, i18n } = useTranslation("admin");
  const orgs = useQuery(adminOrganizationsQuery);
  const chart = useMemo(() => buildChart(orgs.data ?? []), [orgs.data]);
  const [selected, setSelected] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<Set<Key>>(new Set());
  const [creating, setCreating] = useState<{ parentId: number | null } | null>(null);

  // At start the whole chart is open and the first node selected; another one when the selected node is gone.
  const opened = useRef(false);
  useEffect(() => {
    if (!orgs.data) return;
    if (!opened.current) {
      opened.current = true;
      setExpanded(new Set(chart.flat.filter((n) => n.children.length > 0).map((n) => n.id)));
    }
    if (selected === null || !chart.byId.has(selected)) setSelected(chart.roots[0]?.id ?? null);
  }, [chart]);

  /** Select a node and open its ancestors, so it shows (after a create or a move). */
  function reveal(id: number) {
    setSelected(id);
    setExpanded((prev) => new Set([...prev, ...ancestorIds(chart, id)]));
  }
  // A node created or moved arrives with the next list: open its ancestors then.
  const [pendingReveal, setPendingReveal] = useState<number | null>(null);
  useEffect(() => {
    if (pendingReveal !== null && chart.byId.has(pendingReveal)) {
      reveal(pendingReveal);
      setPendingReveal(null);
    }
  }, [chart, pendingReveal]);

  const node = selected === null ? undefined : chart.byId.get(selected);
  return (
    <>
      <header className="adm-head">
        <div>
          <h2 id="adm-heading">{t("section.organizations")}</h2>
          <p className="adm-sub">{orgs.data ? t("orgs.count", { count: orgs.data.length }) : "\u00a0"}</p>
        </div>
        <Button onPress={() => setCreating({ parentId: null })}>
          <AdminIcon name="plus" size={18} />
          {t("orgs.addRoot")}
        </Button>
      </header>

      <div className="adm-split">
        <div className="adm-card adm-tree-card">
          {orgs.isLoading ? <p className="adm-empty">{t("loading")}</p> : orgs.isError ? <p className="adm-empty">{t("loadFailed")}</p> : (
            <Tree aria-label={t("orgs.tree")} className="adm-tree" items={chart.roots} dependencies={[i18n.language]} selectionMode="single" disallowEmptySelection
              selectedKeys={selected === null ? [] : [selected]} expandedKeys={expanded} onExpandedChange={setExpanded}
              onSelectionChange={(keys) => {
                const k = [...(keys as Set<Key>)][0];
                if (k !== undefined) setSelected(Number(k));
              }}
              renderEmptyState={() => <p className="adm-empty">{t("orgs.empty")}</p>}>
              {function renderNode(n: OrgNode) {
                return (
                  <TreeItem id={n.id} textValue={n.name} className="adm-tree-item">
                    <TreeItemContent>
                      {({ hasChildItems, isExpanded }) => (
                        <div className="adm-tree-row" style={{ paddingInlineStart: 4 + n.depth * 18 }}>
                          {hasChildItems ? (
                            <AriaButton slot="chevron" className="adm-chevron" data-expanded={isExpanded || undefined}>
                              <AdminIcon name="chevronRight" size={16} />
                            </AriaButton>
                          ) : <span className="adm-chevron-space" />}
                          <span className="adm-tree-name">{n.name}</span>
                          {n.memberCount > 0 && (
                            <span className="adm-count" aria-label={t("orgs.members", { count: n.memberCount })}>{n.memberCount}</span>
                          )}
                        </div>
                      )}
                    </TreeItemContent>
                    <Collection items={n.children} dependencies={[i18n.language]}>{renderNode}</Collection>
                  </TreeItem>
                );
              }}
            </Tree>
          )}
        </div>

        <div className="adm-detail">
          {node ? (
            <OrgDetails key={node.id} node={node} chart={chart} onAddChild={() => setCreating({ parentId: node.id })}
              onMoved={(id) => setPendingReveal(id)} onDeleted={(parentId) => setSelected(parentId)} />
          ) : (
            orgs.data && orgs.data.length > 0 && <div className="adm-card adm-empty-card"><p>{t("orgs.selectOne")}</p></div>
          )}
        </div>
      </div>

      {creating && (
        <OrgCreateDialog parentId={creating.parentId} chart={chart} onClose={() => setCreating(null)}
          onCreated={(id) => setPendingReveal(id)} />
      )}
    </>
  );
}
