// The drafting routes of the approval island (002 §2 "Approval"), mounted under the approval layout by
// web/src/modules/approval/routes.ts:
//   form/select                        the form chooser
//   draft/inner?originDocId&originLineId  INNER_DRAFT: a receiving department's own draft of a received document
//   draft/reuse?originDocId            REUSE: a new draft from an old document
//   draft/{formId}[?docId]             DRAFT of a form (docId: continue a temporary save)
//   doc/list/{boxKey}/{docId}/edit     EDIT: the drafter's TEMP/RETRIEVED/REJECTED/RETURNED document
// Zod-free (the router chunk imports this file); the screens load lazily.
import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { BOX_KEYS } from "@shared/approval/constants.ts";

/** The draft routes' query (002 §2): originDocId, originLineId, docId, each a positive id or absent. */
export interface DraftSearch {
  originDocId?: number;
  originLineId?: number;
  docId?: number;
}

const id = (v: unknown): number | undefined => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export function parseDraftSearch(s: Record<string, unknown>): DraftSearch {
  const out: DraftSearch = {};
  const o = id(s.originDocId), l = id(s.originLineId), d = id(s.docId);
  if (o) out.originDocId = o;
  if (l) out.originLineId = l;
  if (d) out.docId = d;
  return out;
}

const home = () => redirect({ to: "/approval" as "/", replace: true });
const editor = lazyRouteComponent(() => import("./DraftPage.tsx"), "DraftPage");

// deno-lint-ignore no-explicit-any -- the approval layout route, whatever its exact type
export function draftRoutes(parent: any) {
  const formSelect = createRoute({
    getParentRoute: () => parent,
    path: "form/select",
    component: lazyRouteComponent(() => import("./FormSelectPage.tsx"), "FormSelectPage"),
  });
  const inner = createRoute({
    getParentRoute: () => parent,
    path: "draft/inner",
    validateSearch: parseDraftSearch,
    beforeLoad: ({ search }) => {
      const s = search as DraftSearch;
      if (!s.originDocId || !s.originLineId) throw home();
    },
    component: editor,
  });
  const reuse = createRoute({
    getParentRoute: () => parent,
    path: "draft/reuse",
    validateSearch: parseDraftSearch,
    beforeLoad: ({ search }) => {
      if (!(search as DraftSearch).originDocId) throw home();
    },
    component: editor,
  });
  const draft = createRoute({
    getParentRoute: () => parent,
    path: "draft/$formId",
    validateSearch: parseDraftSearch,
    beforeLoad: ({ params }) => {
      if (!id((params as { formId: string }).formId)) throw home();
    },
    component: editor,
  });
  const edit = createRoute({
    getParentRoute: () => parent,
    path: "doc/list/$boxKey/$docId/edit",
    beforeLoad: ({ params }) => {
      const p = params as { boxKey: string; docId: string };
      if (!(BOX_KEYS as readonly string[]).includes(p.boxKey) || !id(p.docId)) throw home();
    },
    component: editor,
  });
  return [formSelect, inner, reuse, draft, edit];
}
