// The organisation chart built from the admin API's flat list: nesting, display paths, descendants.
import type { AdminOrganization } from "@shared/admin.ts";

export interface OrgNode extends AdminOrganization {
  children: OrgNode[];
  depth: number;
}

export interface OrgChart {
  roots: OrgNode[];
  byId: Map<number, OrgNode>;
  /** Depth-first order, the order an indented picker lists them in. */
  flat: OrgNode[];
}

export function buildChart(list: AdminOrganization[]): OrgChart {
  const byId = new Map<number, OrgNode>(list.map((o) => [o.id, { ...o, children: [], depth: 0 }]));
  const roots: OrgNode[] = [];
  for (const o of list) {
    const node = byId.get(o.id)!;
    const parent = o.parentId === null ? undefined : byId.get(o.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const flat: OrgNode[] = [];
  const seen = new Set<number>();
  const walk = (nodes: OrgNode[], depth: number) => {
    for (const n of nodes) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      n.depth = depth;
      flat.push(n);
      walk(n.children, depth + 1);
    }
  };
  walk(roots, 0);
  return { roots, byId, flat };
}

/** "Head office › Sales › Team A" */
export function pathOf(chart: OrgChart, id: number): string {
  const names: string[] = [];
  const seen = new Set<number>();
  for (let n = chart.byId.get(id); n && !seen.has(n.id); n = n.parentId === null ? undefined : chart.byId.get(n.parentId)) {
    seen.add(n.id);
    names.unshift(n.name);
  }
  return names.join(" › ");
}

/** The node and everything below it: the parents a node may not move under. */
export function subtreeIds(chart: OrgChart, id: number): Set<number> {
  const out = new Set<number>();
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    if (out.has(cur)) continue;
    out.add(cur);
    for (const c of chart.byId.get(cur)?.children ?? []) stack.push(c.id);
  }
  return out;
}

/** Ancestors of a node, nearest last: the keys to expand so it shows. */
export function ancestorIds(chart: OrgChart, id: number): number[] {
  const out: number[] = [];
  const seen = new Set<number>([id]);
  for (let p = chart.byId.get(id)?.parentId ?? null; p !== null && !seen.has(p); p = chart.byId.get(p)?.parentId ?? null) {
    seen.add(p);
    out.unshift(p);
  }
  return out;
}
