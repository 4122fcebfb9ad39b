// Document permissions (shared/wiki/permissions.ts): the company default, the copy on the first PUT (from the
// default: the caller as OWNER; from an ancestor: its rows), inheritance down the tree and back after DELETE,
// organisations with and without includeChildren, a person's row overriding their organisation's, the member
// rows (names, job title and grade, organisation name), bad members, duplicates, the last owner, trash, the
// realtime event, and company B's ids answering like missing ones.
import { beforeAll, describe, expect, it } from "vitest";
import { WIKI_CHANGED } from "../../shared/wiki/constants.ts";
import type { DocPermissions, PermissionMember } from "../../shared/wiki/permissions.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeDoc, type WikiCompany, wikiCast } from "./support.ts";

const t = await createTestApp();
type Who = { token: string };

let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];

const perms = (who: Who, id: number) => api.ok<DocPermissions>(200, "GET", `docs/${id}/permissions`, who);
const put = (who: Who, id: number, members: unknown[]) => api.ok<DocPermissions>(200, "PUT", `docs/${id}/permissions`, who, { members });
const levelOf = async (who: Who, id: number) => {
  const r = await api.raw("GET", `docs/${id}/permissions`, who);
  if (r.status === 403) return "NONE";
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as DocPermissions).accessLevel;
};
const shape = (m: PermissionMember) => [m.userId ?? `o${m.organId}`, m.accessLevel, m.includeChildren];

/** A document of `who`'s under `parentId`. */
const doc = async (who: Who, title: string, parentId: number | null = null) => (await makeDoc(t, who, { title, parentId })).id;

/** WIKI_CHANGED events published while `fn` runs. */
async function events(fn: () => Promise<unknown>) {
  const seen: Record<string, unknown>[] = [];
  const original = t.deps.realtime.publish.bind(t.deps.realtime);
  t.deps.realtime.publish = async (topic, event, data = {}) => {
    if (event === WIKI_CHANGED) seen.push({ topic, ...data });
    await original(topic, event, data);
  };
  try {
    await fn();
  } finally {
    t.deps.realtime.publish = original;
  }
  return seen;
}

beforeAll(async () => {
  ({ api, A, B } = await wikiCast(t, "wiki-perms"));
  const r = await t.call("PUT", `/api/admin/users/${A.sales.id}`, { token: A.admin.token, json: { position: "팀원", jobGrade: "사원" } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});

describe("the company default", () => {
  it("gives every member WRITE, the creator and admins OWNER, and lists no members", async () => {
    const id = await doc(A.author, "회사 안내");
    const mine = await perms(A.author, id);
    expect(mine).toEqual({ documentId: id, permissionFrom: null, inherited: true, members: [], accessLevel: "OWNER" });
    expect(await levelOf(A.dev, id)).toBe("WRITE");
    expect(await levelOf(A.admin, id)).toBe("OWNER");
  });

  it("lets only an OWNER change permissions", async () => {
    const id = await doc(A.author, "영업 자료");
    await api.fails(403, "wiki.no_access", "PUT", `docs/${id}/permissions`, A.sales, { members: [{ userId: A.sales.id, accessLevel: "OWNER" }] });
    await api.fails(403, "wiki.no_access", "DELETE", `docs/${id}/permissions`, A.sales);
    expect((await perms(A.author, id)).members).toEqual([]);
  });
});

describe("the first PUT", () => {
  it("copies the company default as the caller OWNER, then the members; sub-documents inherit", async () => {
    const root = await doc(A.author, "영업 전략");
    const child = await doc(A.author, "분기 목표", root);
    const seen = await events(() => put(A.author, root, [{ userId: A.sales.id, accessLevel: "READ" }]));
    expect(seen).toEqual([{ topic: `/topic/wiki/company/${A.co.companyId}`, docId: root, parentId: 0, kind: "permissions" }]);
    const p = await perms(A.author, root);
    expect(p.permissionFrom).toBe(root);
    expect(p.inherited).toBe(false);
    expect(p.members.map(shape)).toEqual([[A.author.id, "OWNER", true], [A.sales.id, "READ", true]]);
    expect(await levelOf(A.sales, root)).toBe("READ");
    expect(await levelOf(A.dev, root)).toBe("NONE");
    await api.fails(403, "wiki.no_access", "GET", `docs/${root}/permissions`, A.dev);

    const c = await perms(A.sales, child);
    expect(c.permissionFrom).toBe(root);
    expect(c.inherited).toBe(true);
    expect(c.members.map(shape)).toEqual(p.members.map(shape));
    expect(c.accessLevel).toBe("READ");
    expect(await levelOf(A.dev, child)).toBe("NONE");
  });

  it("on a sub-document copies its ancestor's rows and adds the members; its own sub-tree follows it", async () => {
    const root = await doc(A.author, "개발 문서");
    const child = await doc(A.author, "API 설계", root);
    const grandchild = await doc(A.author, "인증", child);
    await put(A.author, root, [{ userId: A.sales.id, accessLevel: "WRITE" }]);
    const c = await put(A.author, child, [{ userId: A.dev.id, accessLevel: "READ" }]);
    expect(c.permissionFrom).toBe(child);
    expect(c.inherited).toBe(false);
    expect(c.members.map(shape)).toEqual([[A.author.id, "OWNER", true], [A.sales.id, "WRITE", true], [A.dev.id, "READ", true]]);
    expect(await levelOf(A.dev, child)).toBe("READ");
    expect(await levelOf(A.dev, grandchild)).toBe("READ");
    expect((await perms(A.dev, grandchild)).permissionFrom).toBe(child);
    expect(await levelOf(A.dev, root)).toBe("NONE");

    // A second PUT changes a member's level in place, and adds no copy.
    const again = await put(A.author, child, [{ userId: A.dev.id, accessLevel: "WRITE" }]);
    expect(again.members.map(shape)).toEqual([[A.author.id, "OWNER", true], [A.sales.id, "WRITE", true], [A.dev.id, "WRITE", true]]);
    expect(await levelOf(A.dev, grandchild)).toBe("WRITE");
  });

  it("of an admin who did not write the document makes the admin its OWNER", async () => {
    const id = await doc(A.author, "인사 규정");
    const p = await put(A.admin, id, [{ userId: A.dev.id, accessLevel: "READ" }]);
    expect(p.members.map(shape)).toEqual([[A.admin.id, "OWNER", true], [A.dev.id, "READ", true]]);
    // The creator stays OWNER of what they created.
    expect(await levelOf(A.author, id)).toBe("OWNER");
    expect(await levelOf(A.sales, id)).toBe("NONE");
  });
});

describe("organisations and people", () => {
  it("an organisation with includeChildren reaches a sub-team's member; without, only its own", async () => {
    const id = await doc(A.author, "영업팀 공지");
    await put(A.author, id, [{ organId: A.organs.sales, accessLevel: "WRITE", includeChildren: true }]);
    expect(await levelOf(A.sales, id)).toBe("WRITE");
    expect(await levelOf(A.salesPart, id)).toBe("WRITE");
    expect(await levelOf(A.dev, id)).toBe("NONE");

    const p = await put(A.author, id, [{ organId: A.organs.sales, accessLevel: "WRITE", includeChildren: false }]);
    expect(p.members.map(shape)).toEqual([[A.author.id, "OWNER", true], [`o${A.organs.sales}`, "WRITE", false]]);
    expect(await levelOf(A.sales, id)).toBe("WRITE");
    expect(await levelOf(A.salesPart, id)).toBe("NONE");
  });

  it("a person's row, even NONE, overrides their organisation's WRITE", async () => {
    const id = await doc(A.author, "영업 실적");
    await put(A.author, id, [
      { organId: A.organs.sales, accessLevel: "WRITE" },
      { userId: A.sales.id, accessLevel: "NONE" },
    ]);
    expect(await levelOf(A.sales, id)).toBe("NONE");
    expect(await levelOf(A.salesPart, id)).toBe("WRITE");
    // A person's READ below their organisation's WRITE is READ too.
    await put(A.author, id, [{ userId: A.sales.id, accessLevel: "READ" }]);
    expect(await levelOf(A.sales, id)).toBe("READ");
  });

  it("member rows carry the person's names, job title and grade, and the organisation's name", async () => {
    const id = await doc(A.author, "조직도");
    const p = await put(A.author, id, [
      { userId: A.sales.id, accessLevel: "READ" },
      { organId: A.organs.salesOne, accessLevel: "WRITE", includeChildren: false },
    ]);
    const person = p.members.find((m) => m.userId === A.sales.id)!;
    expect(person).toEqual({
      id: person.id, documentId: id, accessLevel: "READ", userId: A.sales.id, username: A.sales.username, accountName: "이영업",
      jobTitle: "팀원", jobGrade: "사원", organId: null, organName: null, includeChildren: true,
    });
    const organ = p.members.find((m) => m.organId === A.organs.salesOne)!;
    expect(organ).toMatchObject({ userId: null, username: null, accountName: null, organName: "영업1파트", includeChildren: false });

    expect(await api.ok(200, "GET", `docs/permissions/${person.id}`, A.sales)).toEqual(person);
    await api.fails(403, "wiki.no_access", "GET", `docs/permissions/${person.id}`, A.dev);
    await api.fails(404, "wiki.permission_not_found", "GET", `docs/permissions/${person.id}`, B.admin);
    await api.fails(404, "wiki.permission_not_found", "GET", "docs/permissions/999999999", A.author);
  });
});

describe("bad members", () => {
  it("are refused with the index of the first bad one, and nothing changes", async () => {
    const id = await doc(A.author, "검토 문서");
    const bad = async (members: unknown[], index: number) => {
      const body = await api.fails(400, "wiki.member_invalid", "PUT", `docs/${id}/permissions`, A.author, { members });
      expect(body.params).toEqual({ index });
    };
    await bad([{ userId: A.sales.id, accessLevel: "READ" }, { accessLevel: "READ" }], 1);
    await bad([{ userId: A.sales.id, organId: A.organs.sales, accessLevel: "READ" }], 0);
    await bad([{ userId: A.sales.id, accessLevel: "READ" }, { userId: B.sales.id, accessLevel: "READ" }], 1);
    await bad([{ organId: B.organs.sales, accessLevel: "READ" }], 0);
    await bad([{ userId: null, organId: null, accessLevel: "READ" }], 0);
    const dup = await api.fails(409, "wiki.member_duplicate", "PUT", `docs/${id}/permissions`, A.author, {
      members: [{ userId: A.sales.id, accessLevel: "READ" }, { organId: A.organs.dev, accessLevel: "READ" }, { userId: A.sales.id, accessLevel: "WRITE" }],
    });
    expect(dup.params).toEqual({ index: 2 });
    await api.fails(400, "common.validation", "PUT", `docs/${id}/permissions`, A.author, { members: [] });
    await api.fails(400, "common.validation", "PUT", `docs/${id}/permissions`, A.author, { members: [{ userId: A.sales.id, accessLevel: "ADMIN" }] });
    await api.fails(400, "common.validation", "PUT", `docs/${id}/permissions`, A.author, { members: [{ userId: "x", accessLevel: "READ" }] });
    await api.fails(400, "common.validation", "PUT", `docs/${id}/permissions`, A.author, {});
    expect(await perms(A.author, id)).toMatchObject({ permissionFrom: null, members: [] });
  });

  it("leaving no OWNER is refused (409 wiki.last_owner) and rolled back", async () => {
    const id = await doc(A.author, "보안 정책");
    await api.fails(409, "wiki.last_owner", "PUT", `docs/${id}/permissions`, A.author, { members: [{ userId: A.author.id, accessLevel: "WRITE" }] });
    // Nothing was kept: the document still follows the company default.
    expect(await perms(A.author, id)).toMatchObject({ permissionFrom: null, inherited: true, members: [] });

    const p = await put(A.author, id, [{ userId: A.sales.id, accessLevel: "READ" }]);
    const owner = p.members.find((m) => m.accessLevel === "OWNER")!;
    await api.fails(409, "wiki.last_owner", "DELETE", `docs/permissions/${owner.id}`, A.author);
    await api.fails(409, "wiki.last_owner", "PUT", `docs/${id}/permissions`, A.author, { members: [{ userId: A.author.id, accessLevel: "READ" }] });
    // With a second OWNER, the first may go.
    await put(A.author, id, [{ organId: A.organs.dev, accessLevel: "OWNER" }]);
    const after = await api.ok<DocPermissions>(200, "DELETE", `docs/permissions/${owner.id}`, A.author);
    expect(after.members.map(shape)).toEqual([[A.sales.id, "READ", true], [`o${A.organs.dev}`, "OWNER", true]]);
    expect(after.accessLevel).toBe("OWNER"); // the creator
    expect(await levelOf(A.dev, id)).toBe("OWNER");
  });
});

describe("removing permissions", () => {
  it("one member by its row: OWNER only; the document keeps its own", async () => {
    const id = await doc(A.author, "회의 규칙");
    const p = await put(A.author, id, [{ userId: A.sales.id, accessLevel: "WRITE" }, { userId: A.dev.id, accessLevel: "READ" }]);
    const devRow = p.members.find((m) => m.userId === A.dev.id)!;
    await api.fails(403, "wiki.no_access", "DELETE", `docs/permissions/${devRow.id}`, A.sales);
    await api.fails(404, "wiki.permission_not_found", "DELETE", `docs/permissions/${devRow.id}`, B.admin);
    const seen = await events(async () => {
      const after = await api.ok<DocPermissions>(200, "DELETE", `docs/permissions/${devRow.id}`, A.author);
      expect(after.members.map(shape)).toEqual([[A.author.id, "OWNER", true], [A.sales.id, "WRITE", true]]);
      expect(after.permissionFrom).toBe(id);
    });
    expect(seen.map((e) => e.kind)).toEqual(["permissions"]);
    expect(await levelOf(A.dev, id)).toBe("NONE");
    await api.fails(404, "wiki.permission_not_found", "GET", `docs/permissions/${devRow.id}`, A.author);
  });

  it("all of them: the document and its sub-tree inherit again", async () => {
    const root = await doc(A.author, "제품 로드맵");
    const child = await doc(A.author, "2분기", root);
    const grandchild = await doc(A.author, "출시 일정", child);
    await put(A.author, root, [{ userId: A.sales.id, accessLevel: "READ" }]);
    await put(A.author, child, [{ userId: A.dev.id, accessLevel: "READ" }]);
    expect(await levelOf(A.dev, grandchild)).toBe("READ");

    const c = await api.ok<DocPermissions>(200, "DELETE", `docs/${child}/permissions`, A.author);
    expect(c).toMatchObject({ documentId: child, permissionFrom: root, inherited: true });
    expect(c.members.map(shape)).toEqual([[A.author.id, "OWNER", true], [A.sales.id, "READ", true]]);
    expect(await levelOf(A.dev, grandchild)).toBe("NONE");
    expect((await perms(A.sales, grandchild)).permissionFrom).toBe(root);

    const r = await api.ok<DocPermissions>(200, "DELETE", `docs/${root}/permissions`, A.author);
    expect(r).toMatchObject({ documentId: root, permissionFrom: null, inherited: true, members: [] });
    expect(await levelOf(A.dev, grandchild)).toBe("WRITE");
    expect((await perms(A.dev, grandchild)).permissionFrom).toBeNull();
  });
});

describe("documents that cannot change and others' ids", () => {
  it("a document in trash can be read but not changed", async () => {
    const id = await doc(A.author, "지난 공지");
    await t.db.sql`update wiki_docs set status = 'REMOVED', deleted_at = now(), removed_with = id where id = ${id}`;
    expect((await perms(A.author, id)).members).toEqual([]);
    await api.fails(409, "wiki.not_editable", "PUT", `docs/${id}/permissions`, A.author, { members: [{ userId: A.dev.id, accessLevel: "READ" }] });
    await api.fails(409, "wiki.not_editable", "DELETE", `docs/${id}/permissions`, A.author);
  });

  it("company B's documents answer like missing ones", async () => {
    const id = await doc(B.author, "B 문서");
    for (const [method, body] of [["GET", undefined], ["PUT", { members: [{ userId: A.dev.id, accessLevel: "READ" }] }], ["DELETE", undefined]] as const) {
      await api.fails(404, "wiki.not_found", method, `docs/${id}/permissions`, A.admin, body);
    }
    await api.fails(404, "wiki.not_found", "GET", "docs/999999999/permissions", A.admin);
    const r = await api.raw("GET", "docs/abc/permissions", A.admin);
    expect(r.status).toBe(404);
  });
});
