// Private groups (001 §7 api/contact/group): the special groups and their counts, PRIVATE_ROOT and the tree,
// add (201) with its rules, rename, delete (409 with sub-groups), another user's group answering 404.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactCards } from "../../db/schema/contacts.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { company, type Co, contactsApi, person } from "./helpers.ts";

let t: TestApp;
let A: Co;
let B: Co;
let api: ReturnType<typeof contactsApi>;

beforeAll(async () => {
  t = await createTestApp();
  A = await company(t, "groups-a.test");
  B = await company(t, "groups-b.test");
  api = contactsApi(t);
});

describe("special groups", () => {
  it("answers all, important, new, unmapped and PRIVATE_ROOT with counts", async () => {
    const me = await A.user("special");
    const g = await api.addGroup(me, "친구");
    await api.addCard(me, person("김민수", "minsu@example.com", { importantStatus: true, contactGroupIdList: [g.id] }));
    await api.addCard(me, person("Lee", "lee@example.com"));
    const top = await api.ok<{ id: number; contactGroupType: string; totalCount: number; newCount: number; childCount: number }[]>(
      200, "GET", "/api/contact/group", me,
    );
    expect(top.map((x) => [x.id, x.contactGroupType])).toEqual([[-1, "ALL"], [-2, "IMPORTANT"], [-3, "RECENT"], [-9, "UNMAPPED"], [0, "PRIVATE_ROOT"]]);
    const by = new Map(top.map((x) => [x.id, x]));
    expect(by.get(-1)!.totalCount).toBe(2);
    expect(by.get(-2)!.totalCount).toBe(1);
    expect(by.get(-3)!.totalCount).toBe(2);
    expect(by.get(-3)!.newCount).toBe(2);
    expect(by.get(-9)!.totalCount).toBe(1);
    expect(by.get(0)!.childCount).toBe(1);
    for (const id of [-1, -2, -3, -4, -9, 0]) {
      const one = await api.ok<{ id: number; hasPermission: boolean }>(200, "GET", `/api/contact/group/${id}`, me);
      expect(one.id).toBe(id);
      expect(one.hasPermission).toBe(false);
    }
    expect((await api.raw("GET", "/api/contact/group/-7", me)).status).toBe(404);
  });

  it("counts at most 10 cards as new, and only those of the last 7 days", async () => {
    const me = await A.user("newcount");
    for (let i = 0; i < 12; i++) await api.addCard(me, person(`N${i}`, `n${i}@example.com`));
    const top = await api.ok<{ id: number; totalCount: number; newCount: number }[]>(200, "GET", "/api/contact/group", me);
    expect(top.find((x) => x.id === -3)).toMatchObject({ totalCount: 10, newCount: 10 });
    const page = await api.list(me, { groupId: "new" });
    expect(page.totalElements).toBe(10);
    expect(page.content[0].userName).toBe("N11");
    // Eight days later (the cards' creation moved back: the session's token would not outlive the clock).
    await t.db.db.update(contactCards).set({ createdAt: new Date(t.clock.now().getTime() - 8 * 86_400_000) })
      .where(eq(contactCards.ownerUserId, me.id));
    const later = await api.ok<{ id: number; newCount: number }[]>(200, "GET", "/api/contact/group", me);
    expect(later.find((x) => x.id === -3)!.newCount).toBe(0);
    expect((await api.list(me, { groupId: "new" })).totalElements).toBe(0);
  });
});

describe("own groups", () => {
  it("nests groups, answers children, the tree and the parents chain", async () => {
    const me = await A.user("tree");
    const work = await api.addGroup(me, "회사");
    expect(work).toMatchObject({ groupName: "회사", contactGroupType: "PRIVATE", parentId: 0, hasPermission: true, childCount: 0 });
    const team = await api.addGroup(me, "개발팀", work.id);
    const sub = await api.addGroup(me, "서버", team.id);
    await api.addGroup(me, "가족");
    const top = await api.ok<{ groupName: string }[]>(200, "GET", "/api/contact/group/0/children", me);
    expect(top.map((g) => g.groupName)).toEqual(["가족", "회사"]);
    const kids = await api.ok<{ id: number; childCount: number }[]>(200, "GET", `/api/contact/group/${work.id}/children`, me);
    expect(kids).toMatchObject([{ id: team.id, childCount: 1 }]);
    const chain = await api.ok<{ id: number }[]>(200, "GET", `/api/contact/group/${sub.id}/super/parent`, me);
    expect(chain.map((g) => g.id)).toEqual([0, work.id, team.id]);
    const flat = await api.ok<{ id: number }[]>(200, "GET", "/api/contact/group/private", me);
    expect(flat).toHaveLength(4);
    const tree = await api.ok<{ id: number; contactGroupType: string; children: { groupName: string; children: { groupName: string; children: unknown[] }[] }[] }>(
      200, "GET", "/api/contact/group/private/tree", me,
    );
    expect(tree.id).toBe(0);
    expect(tree.contactGroupType).toBe("PRIVATE_ROOT");
    expect(tree.children.map((c) => c.groupName)).toEqual(["가족", "회사"]);
    expect(tree.children[1].children[0].groupName).toBe("개발팀");
    expect(tree.children[1].children[0].children).toHaveLength(1);
  });

  it("refuses a missing, too long or duplicate name, a bad type and a foreign parent", async () => {
    const me = await A.user("rules");
    const g = await api.addGroup(me, "Friends");
    const bad = async (json: unknown, status: number, code: string) => {
      const r = await api.raw("POST", "/api/contact/group", me, json);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.code).toBe(code);
    };
    await bad({ groupName: "" }, 400, "contact.group_name_required");
    await bad({ groupName: "   " }, 400, "contact.group_name_required");
    await bad({ groupName: "x".repeat(51) }, 400, "contact.too_long");
    await bad({ groupName: "friends" }, 409, "contact.group_name_in_use");
    await bad({ groupName: "A", contactGroupType: "ALL" }, 400, "contact.group_invalid");
    await bad({ groupName: 5 }, 400, "common.validation");
    await bad({ groupName: "a\u0000b" }, 400, "common.validation");
    const other = await A.user("rules2");
    const foreign = await api.addGroup(other, "Theirs");
    await bad({ groupName: "Mine", parentId: foreign.id }, 404, "common.404");
    // The same name under another parent is fine.
    await api.addGroup(me, "Friends", g.id);
  });

  it("renames and deletes; a group with sub-groups stays (409); cards stay when their group goes", async () => {
    const me = await A.user("edit");
    const g = await api.addGroup(me, "Old");
    const child = await api.addGroup(me, "Child", g.id);
    const card = await api.addCard(me, person("Kept", "kept@example.com", { contactGroupIdList: [child.id] }));
    const renamed = await api.ok<{ groupName: string }>(200, "PUT", `/api/contact/group/${g.id}/groupName`, me, { groupName: "New" });
    expect(renamed.groupName).toBe("New");
    const twin = await api.addGroup(me, "Twin");
    expect((await api.raw("PUT", `/api/contact/group/${twin.id}/groupName`, me, { groupName: "new" })).status).toBe(409);
    const del = await api.raw("DELETE", `/api/contact/group/${g.id}`, me);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe("contact.group_has_children");
    expect((await api.raw("DELETE", `/api/contact/group/${child.id}`, me)).status).toBe(204);
    expect((await api.raw("DELETE", `/api/contact/group/${g.id}`, me)).status).toBe(204);
    expect((await api.detail(me, card.id)).contactGroupList).toEqual([]);
    expect((await api.raw("DELETE", `/api/contact/group/${g.id}`, me)).status).toBe(404);
  });

  it("answers another user's or company's group like a missing one", async () => {
    const owner = await A.user("owner");
    const g = await api.addGroup(owner, "Private");
    for (const who of [await A.user("nosy"), B.admin]) {
      for (const [m, p, json] of [
        ["GET", `/api/contact/group/${g.id}`],
        ["GET", `/api/contact/group/${g.id}/children`],
        ["GET", `/api/contact/group/${g.id}/super/parent`],
        ["PUT", `/api/contact/group/${g.id}/groupName`, { groupName: "Mine" }],
        ["DELETE", `/api/contact/group/${g.id}`],
        ["GET", `/api/contact/card?groupId=${g.id}`],
      ] as [string, string, unknown?][]) {
        const r = await api.raw(m, p, who, json);
        expect(r.status, `${m} ${p}`).toBe(404);
        expect(r.body.code).toBe("common.404");
      }
    }
    expect((await api.ok<{ groupName: string }>(200, "GET", `/api/contact/group/${g.id}`, owner)).groupName).toBe("Private");
  });

  it("limits nesting depth", async () => {
    const me = await A.user("deep");
    let parent = 0;
    for (let i = 0; i < 10; i++) parent = (await api.addGroup(me, `L${i}`, parent)).id;
    const r = await api.raw("POST", "/api/contact/group", me, { groupName: "L10", parentId: parent });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("contact.group_too_deep");
  });
});
