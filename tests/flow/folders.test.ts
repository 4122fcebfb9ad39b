// The project tree (GET api/flow/folders): FAVORITE_ROOT with the caller's favourite JOINED projects (FAVORITE
// nodes, by their favourite order then title), FILTER_ROOT with my, requested, all and then the caller's saved
// task filters (rows of flow_filters, made here in SQL: tasks/ builds their calls); nobody else's, no other
// company's; flow switched off 403 flow.disabled.
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import type { FlowFolder } from "../../shared/flow/projects.ts";
import { createTestApp } from "../support/test-app.ts";
import { type FlowCompany, flowCast, makeProject, setFlow } from "./support.ts";

const t = await createTestApp();
let A: FlowCompany, B: FlowCompany;
let api: Awaited<ReturnType<typeof flowCast>>["api"];

beforeAll(async () => {
  ({ A, B, api } = await flowCast(t, "flow-folders"));
});

test("a person without projects or filters: the two roots and the built-in filters", async () => {
  const tree = await api.ok<FlowFolder[]>(200, "GET", "folders", A.other);
  expect(tree).toEqual([
    { folderType: "FAVORITE_ROOT", id: null, title: "FAVORITE_ROOT", projectId: null, children: [] },
    {
      folderType: "FILTER_ROOT",
      id: null,
      title: "FILTER_ROOT",
      projectId: null,
      children: ["my", "requested", "all"].map((id) => ({ folderType: "FILTER_ROOT", id, title: id, projectId: null, children: [] })),
    },
  ]);
});

test("favourites in their order (the order they became favourites), then saved filters oldest first", async () => {
  const first = await makeProject(t, A.master, { title: "나중 제목" });
  const second = await makeProject(t, A.master, { title: "가장 앞 제목" });
  const notFav = await makeProject(t, A.master, { title: "즐겨찾기 아님" });
  await api.ok(200, "PUT", `projects/${notFav.id}/members/favorite`, A.master, { favoriteStatus: 0 });
  // someone else's project the master only was invited to is no favourite of theirs
  const invited = await makeProject(t, A.other, { title: "초대받음" });
  await api.ok(201, "POST", `projects/${invited.id}/members/invite`, A.other, { userIds: [A.master.id] });
  await makeProject(t, B.master, { title: "B의 것" });
  for (const [name, userId, co] of [["내 필터", A.master.id, A.co.companyId], ["남의 필터", A.member.id, A.co.companyId], ["둘째 필터", A.master.id, A.co.companyId]] as const) {
    await t.deps.db.execute(sql`insert into flow_filters (company_id, user_id, name, filters, created_at)
      values (${co}, ${userId}, ${name}, '{}'::jsonb, now())`);
  }
  const [favRoot, filterRoot] = await api.ok<FlowFolder[]>(200, "GET", "folders", A.master);
  expect(favRoot.children).toEqual([
    { folderType: "FAVORITE", id: first.id, title: "나중 제목", projectId: first.id, children: [] },
    { folderType: "FAVORITE", id: second.id, title: "가장 앞 제목", projectId: second.id, children: [] },
  ]);
  expect(filterRoot.children.map((c) => c.title)).toEqual(["my", "requested", "all", "내 필터", "둘째 필터"]);
  expect(typeof filterRoot.children[3].id).toBe("number");
  // a favourite taken off and on again goes last
  await api.ok(200, "PUT", `projects/${first.id}/members/favorite`, A.master, { favoriteStatus: 0 });
  await api.ok(200, "PUT", `projects/${first.id}/members/favorite`, A.master, { favoriteStatus: 1 });
  const [again] = await api.ok<FlowFolder[]>(200, "GET", "folders", A.master);
  expect(again.children.map((c) => c.projectId)).toEqual([second.id, first.id]);
  // leaving a project takes it out of the tree
  const joined = await makeProject(t, A.other, { title: "떠날 것", members: [A.master] });
  expect((await api.ok<FlowFolder[]>(200, "GET", "folders", A.master))[0].children.map((c) => c.projectId)).toContain(joined.id);
  await api.ok(204, "DELETE", `projects/${joined.id}/leave`, A.master);
  expect((await api.ok<FlowFolder[]>(200, "GET", "folders", A.master))[0].children.map((c) => c.projectId)).not.toContain(joined.id);
  // B sees none of it
  const [bFav, bFilter] = await api.ok<FlowFolder[]>(200, "GET", "folders", B.other);
  expect(bFav.children).toEqual([]);
  expect(bFilter.children).toHaveLength(3);
});

test("flow switched off: 403 flow.disabled", async () => {
  await setFlow(t, B.admin, false);
  await api.fails(403, "flow.disabled", "GET", "folders", B.master);
  await setFlow(t, B.admin, true);
  await api.ok(200, "GET", "folders", B.master);
});
