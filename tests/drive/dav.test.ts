// The drive's WebDAV over HTTP (/dav/files/): each method's status codes, what the browser API sees of it
// (same items: an overwritten file keeps its id, DELETE goes to the trash), quota 507, ETag preconditions,
// Overwrite, locks, a second company's paths answering 404 as missing ones do, and the module switch.
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { davClient, davCompany, type DavMember, readMultistatus, serveApp, setClientPassword } from "./dav-support.ts";
import { driveApi, setQuota, usedSize } from "./helpers.ts";

const t = await createTestApp();
const base = serveApp(t);
const api = driveApi(t);
let me: DavMember;
let other: DavMember;
let dav: ReturnType<typeof davClient>;
let theirs: ReturnType<typeof davClient>;

const PROPFIND_ALL = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>`;

beforeAll(async () => {
  me = (await davCompany(t, "dav-a.test")).admin;
  other = (await davCompany(t, "dav-b.test")).admin;
  dav = davClient(base, me.username);
  theirs = davClient(base, other.username);
});

describe("discovery and sign-in", () => {
  it("advertises class 2 and the methods; needs the mail-program password", async () => {
    const o = await fetch(`${base}/dav/files/`, { method: "OPTIONS" });
    await o.body?.cancel();
    expect(o.headers.get("dav")).toMatch(/\b1\b.*\b2\b|\b2\b.*\b1\b/);
    for (const m of ["LOCK", "UNLOCK", "COPY", "MOVE", "MKCOL", "PROPPATCH", "PUT", "DELETE"]) expect(o.headers.get("allow")).toContain(m);
    expect((await davClient(base, me.username, "wrong")("PROPFIND", "/dav/files/")).status).toBe(401);
  });

  it("lists the root with the quota (RFC 4331)", async () => {
    await setQuota(t, me.id, 10_000_000);
    const r = await dav("PROPFIND", "/dav/files/", PROPFIND_ALL, { depth: "0" });
    expect(r.status).toBe(207);
    const [root] = readMultistatus(r.text).responses;
    expect(root.href).toBe("/dav/files/");
    expect(root.props.has("{DAV:}collection") || root.props.get("{DAV:}resourcetype")?.children[0]?.name).toBe("collection");
    expect(Number(root.props.get("{DAV:}quota-used-bytes")!.text)).toBe(await usedSize(t, me.id));
    expect(Number(root.props.get("{DAV:}quota-available-bytes")!.text)).toBe(10_000_000 - await usedSize(t, me.id));
    expect((await dav("PROPFIND", "/dav/files/", PROPFIND_ALL, { depth: "infinity" })).status).toBe(403);
  });
});

describe("files and folders", () => {
  it("MKCOL, PUT, GET, PROPFIND: the browser sees the same items", async () => {
    expect((await dav("MKCOL", "/dav/files/보고서/")).status).toBe(201);
    expect((await dav("MKCOL", "/dav/files/보고서/")).status).toBe(405);
    expect((await dav("MKCOL", "/dav/files/없는/하위/")).status).toBe(409);
    expect((await dav("MKCOL", "/dav/files/body/", "<x/>", { "content-type": "text/xml" })).status).toBe(415);
    const put = await dav("PUT", "/dav/files/보고서/회의록.txt", "첫 내용", { "content-type": "text/plain" });
    expect(put.status).toBe(201);
    expect((await dav("PUT", "/dav/files/없는/a.txt", "x")).status).toBe(409);
    const get = await dav("GET", "/dav/files/%EB%B3%B4%EA%B3%A0%EC%84%9C/%ED%9A%8C%EC%9D%98%EB%A1%9D.txt");
    expect([get.status, get.text, get.headers.get("etag")]).toEqual([200, "첫 내용", put.headers.get("etag")]);
    // Any case of a name finds the item (names are unique ignoring case).
    expect((await dav("GET", "/dav/files/보고서/회의록.TXT")).text).toBe("첫 내용");
    const list = readMultistatus((await dav("PROPFIND", "/dav/files/보고서/", undefined, { depth: "1" })).text).responses;
    expect(list.map((x) => x.href)).toEqual(["/dav/files/보고서/", "/dav/files/보고서/회의록.txt"]);
    const file = list[1];
    expect(file.props.get("{DAV:}getcontentlength")!.text).toBe(String(new TextEncoder().encode("첫 내용").length));
    expect(file.props.get("{DAV:}getcontenttype")!.text).toBe("text/plain");
    expect(file.props.get("{DAV:}getetag")!.text).toBe(put.headers.get("etag"));
    expect(new Date(file.props.get("{DAV:}getlastmodified")!.text).getTime()).toBeGreaterThan(0);
    const root = await api.root(me);
    const folder = (await api.list(me, { folderId: root.id, pageSize: 200 })).list.content.find((i) => i.fileName === "보고서")!;
    expect(await api.names(me, { folderId: folder.id })).toEqual(["회의록.txt"]);
  });

  it("a path goes through live items only: a trashed namesake is passed over, a file ends the path", async () => {
    expect((await dav("MKCOL", "/dav/files/경로/")).status).toBe(201);
    expect((await dav("PUT", "/dav/files/경로/x.txt", "old")).status).toBe(201);
    expect((await dav("DELETE", "/dav/files/경로/")).status).toBe(204);
    expect((await dav("GET", "/dav/files/경로/x.txt")).status).toBe(404);
    expect((await dav("MKCOL", "/dav/files/경로/")).status).toBe(201);
    expect((await dav("PUT", "/dav/files/경로/X.TXT", "new")).status).toBe(201);
    expect((await dav("GET", "/dav/files/%EA%B2%BD%EB%A1%9C/x.txt")).text).toBe("new");
    expect((await dav("PUT", "/dav/files/plain.txt", "p")).status).toBe(201);
    expect((await dav("PROPFIND", "/dav/files/plain.txt/child", undefined, { depth: "0" })).status).toBe(404);
    expect((await dav("PUT", "/dav/files/plain.txt/child", "c")).status).toBe(409);
    expect((await dav("MKCOL", "/dav/files/plain.txt/sub/")).status).toBe(409);
    expect((await dav("MKCOL", "/dav/files/경로/없는/깊은/")).status).toBe(409);
  });

  it("PUT over a file keeps its id; If-Match and If-None-Match", async () => {
    const root = await api.root(me);
    const folder = (await api.list(me, { folderId: root.id, pageSize: 200 })).list.content.find((i) => i.fileName === "보고서")!;
    const before = (await api.list(me, { folderId: folder.id })).list.content[0];
    const etag = (await dav("GET", "/dav/files/보고서/회의록.txt")).headers.get("etag")!;
    expect((await dav("PUT", "/dav/files/보고서/회의록.txt", "x", { "if-match": '"other"' })).status).toBe(412);
    expect((await dav("PUT", "/dav/files/보고서/회의록.txt", "x", { "if-none-match": "*" })).status).toBe(412);
    const r = await dav("PUT", "/dav/files/보고서/회의록.txt", "두 번째 내용", { "if-match": etag });
    expect(r.status).toBe(204);
    expect(r.headers.get("etag")).not.toBe(etag);
    const after = (await api.list(me, { folderId: folder.id })).list.content;
    expect(after.map((i) => [i.id, i.fileName])).toEqual([[before.id, "회의록.txt"]]);
    expect(after[0].fileSize).toBe(new TextEncoder().encode("두 번째 내용").length);
    expect((await dav("GET", "/dav/files/보고서/회의록.txt", undefined, { "if-none-match": r.headers.get("etag")! })).status).toBe(304);
    expect((await dav("GET", "/dav/files/보고서/회의록.txt", undefined, { range: "bytes=0-2" })).text).toBe("두");
  });

  it("COPY and MOVE with Overwrite; DELETE goes to the trash", async () => {
    expect((await dav("PUT", "/dav/files/a.txt", "A")).status).toBe(201);
    expect((await dav("PUT", "/dav/files/b.txt", "B")).status).toBe(201);
    const dest = (p: string) => ({ destination: `${base}/dav/files/${p.split("/").map(encodeURIComponent).join("/")}` });
    expect((await dav("COPY", "/dav/files/a.txt", undefined, { ...dest("b.txt"), overwrite: "F" })).status).toBe(412);
    expect((await dav("COPY", "/dav/files/a.txt", undefined, dest("c.txt"))).status).toBe(201);
    expect((await dav("COPY", "/dav/files/a.txt", undefined, dest("b.txt"))).status).toBe(204);
    expect((await dav("GET", "/dav/files/b.txt")).text).toBe("A");
    expect((await dav("MOVE", "/dav/files/c.txt", undefined, dest("보고서/c moved.txt"))).status).toBe(201);
    expect((await dav("GET", "/dav/files/c.txt")).status).toBe(404);
    expect((await dav("GET", "/dav/files/보고서/c moved.txt")).text).toBe("A");
    expect((await dav("COPY", "/dav/files/보고서/", undefined, dest("사본"))).status).toBe(201);
    expect((await dav("GET", "/dav/files/사본/회의록.txt")).text).toBe("두 번째 내용");
    expect((await dav("MOVE", "/dav/files/a.txt", undefined, { destination: "http://elsewhere.example/dav/files/a.txt" })).status).toBe(502);
    const trash = await api.trash(me);
    expect((await dav("DELETE", "/dav/files/사본/")).status).toBe(204);
    expect((await dav("PROPFIND", "/dav/files/사본/", undefined, { depth: "0" })).status).toBe(404);
    // Replaced by the COPY above, then deleted: both in the trash, as the browser's delete would leave them.
    expect(await api.names(me, { folderId: trash.id })).toEqual(expect.arrayContaining(["사본", "b.txt"]));
  });

  it("PROPPATCH keeps dead properties and refuses DAV: ones", async () => {
    const set = `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:x="urn:x"><d:set><d:prop><x:author>김 민수</x:author></d:prop></d:set></d:propertyupdate>`;
    expect((await dav("PROPPATCH", "/dav/files/b.txt", set)).status).toBe(207);
    const got = readMultistatus((await dav("PROPFIND", "/dav/files/b.txt", `<d:propfind xmlns:d="DAV:"><d:prop><x:author xmlns:x="urn:x"/></d:prop></d:propfind>`, { depth: "0" })).text);
    expect(got.responses[0].props.get("{urn:x}author")!.text).toBe("김 민수");
    const bad = `<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:getetag>x</d:getetag></d:prop></d:set></d:propertyupdate>`;
    expect(readMultistatus((await dav("PROPPATCH", "/dav/files/b.txt", bad)).text).responses[0].others.get("{DAV:}getetag")).toBe(403);
  });

  it("LOCK: writes without the token answer 423, with it they pass; UNLOCK", async () => {
    const info = `<?xml version="1.0"?><d:lockinfo xmlns:d="DAV:"><d:lockscope><d:exclusive/></d:lockscope><d:locktype><d:write/></d:locktype><d:owner>me</d:owner></d:lockinfo>`;
    const l = await dav("LOCK", "/dav/files/보고서/", info, { depth: "infinity", timeout: "Second-60" });
    expect(l.status).toBe(200);
    const token = l.headers.get("lock-token")!;
    expect(token).toMatch(/^<opaquelocktoken:[0-9a-f-]+>$/);
    expect((await dav("PUT", "/dav/files/보고서/new.txt", "x")).status).toBe(423);
    expect((await dav("DELETE", "/dav/files/보고서/")).status).toBe(423);
    expect((await dav("LOCK", "/dav/files/보고서/회의록.txt", info)).status).toBe(423);
    expect((await dav("PUT", "/dav/files/보고서/new.txt", "x", { if: `(${token})` })).status).toBe(201);
    expect((await dav("PUT", "/dav/files/보고서/new.txt", "x", { if: `(<opaquelocktoken:nope>)` })).status).toBe(423);
    expect((await dav("UNLOCK", "/dav/files/보고서/", undefined, { "lock-token": token })).status).toBe(204);
    expect((await dav("PUT", "/dav/files/보고서/new.txt", "y")).status).toBe(204);
    // A lock on a name with no file makes an empty one (RFC 4918 §9.10.4).
    expect((await dav("LOCK", "/dav/files/empty.txt", info)).status).toBe(201);
    expect((await dav("GET", "/dav/files/empty.txt")).text).toBe("");
  });
});

describe("limits and boundaries", () => {
  it("a PUT past the quota answers 507 and leaves nothing", async () => {
    await setQuota(t, me.id, (await usedSize(t, me.id)) + 10);
    expect((await dav("PUT", "/dav/files/too-big.bin", "0123456789ABCDEF")).status).toBe(507);
    expect((await dav("GET", "/dav/files/too-big.bin")).status).toBe(404);
    expect((await dav("PUT", "/dav/files/small.bin", "0123")).status).toBe(201);
    await setQuota(t, me.id, 0);
  });

  it("COPY and MOVE are all or nothing: a folder copy past the quota, a replaced file, a name refused", async () => {
    const dest = (p: string) => ({ destination: `${base}/dav/files/${p.split("/").map(encodeURIComponent).join("/")}` });
    expect((await dav("MKCOL", "/dav/files/원본/")).status).toBe(201);
    expect((await dav("PUT", "/dav/files/원본/1.txt", "0123456789")).status).toBe(201);
    expect((await dav("PUT", "/dav/files/원본/2.txt", "0123456789")).status).toBe(201);
    expect((await dav("PUT", "/dav/files/keep.txt", "keep")).status).toBe(201);
    // Room for one of the two files, not both: nothing of the copy may stay.
    await setQuota(t, me.id, (await usedSize(t, me.id)) + 15);
    expect((await dav("COPY", "/dav/files/원본/", undefined, dest("사본2"))).status).toBe(507);
    expect((await dav("PROPFIND", "/dav/files/사본2/", undefined, { depth: "0" })).status).toBe(404);
    // A replacement that cannot be made leaves the file it would have replaced where it was.
    expect((await dav("COPY", "/dav/files/원본/", undefined, dest("keep.txt"))).status).toBe(507);
    expect((await dav("GET", "/dav/files/keep.txt")).text).toBe("keep");
    await setQuota(t, me.id, 0);
    // A move whose new name is refused (a folder name past 80 characters) leaves the folder where it was.
    const long = "긴".repeat(81);
    expect((await dav("MOVE", "/dav/files/원본/", undefined, dest(`보고서/${long}`))).status).toBeGreaterThanOrEqual(400);
    expect((await dav("PROPFIND", "/dav/files/원본/", undefined, { depth: "0" })).status).toBe(207);
    expect((await dav("PROPFIND", `/dav/files/보고서/원본/`, undefined, { depth: "0" })).status).toBe(404);
    // Moved and renamed at once, also onto a name only its own old one had in the target.
    expect((await dav("PUT", "/dav/files/보고서/원본", "a file named like the folder")).status).toBe(201);
    expect((await dav("MOVE", "/dav/files/원본/", undefined, dest("보고서/옮긴 원본"))).status).toBe(201);
    expect((await dav("GET", "/dav/files/보고서/옮긴 원본/2.txt")).text).toBe("0123456789");
  });

  it("another company's paths answer 404, as missing ones do", async () => {
    expect((await theirs("GET", "/dav/files/b.txt")).status).toBe(404);
    expect((await theirs("PROPFIND", "/dav/files/보고서/", undefined, { depth: "0" })).status).toBe(404);
    expect((await theirs("DELETE", "/dav/files/b.txt")).status).toBe(404);
    expect((await theirs("MOVE", "/dav/files/b.txt", undefined, { destination: `${base}/dav/files/x.txt` })).status).toBe(404);
    const list = readMultistatus((await theirs("PROPFIND", "/dav/files/", undefined, { depth: "1" })).text).responses;
    expect(list.map((r) => r.href)).toEqual(["/dav/files/"]);
    expect((await dav("GET", "/dav/files/b.txt")).status).toBe(200);
  });

  it("a colleague sees only their own drive; a company without the drive has no /dav/files/", async () => {
    const co = await davCompany(t, "dav-c.test");
    const colleague = await co.co.user("kim");
    await setClientPassword(t, co.co.companyId, colleague.id);
    const boss = davClient(base, co.admin.username);
    const kim = davClient(base, colleague.username);
    expect((await boss("PUT", "/dav/files/private.txt", "boss only")).status).toBe(201);
    expect((await kim("GET", "/dav/files/private.txt")).status).toBe(404);
    expect((await kim("PUT", "/dav/files/private.txt", "kim's")).status).toBe(201);
    expect((await boss("GET", "/dav/files/private.txt")).text).toBe("boss only");
    await t.db.sql`update companies set use_drive = false where id = ${co.co.companyId}`;
    expect((await boss("PROPFIND", "/dav/files/", undefined, { depth: "0" })).status).toBe(404);
  });
});

describe("/dav/shared/: what colleagues share, with their permission", () => {
  it("lists the shared items, writes where the share allows, counts into the owner's quota, shares the owner's locks", async () => {
    const { co, admin } = await davCompany(t, "dav-s.test");
    const lee = await co.user("lee");
    const kim = await co.user("kim");
    for (const m of [lee, kim]) await setClientPassword(t, co.companyId, m.id);
    const boss = davClient(base, admin.username);
    const leeDav = davClient(base, lee.username);
    const kimDav = davClient(base, kim.username);
    const folderId = async (ownerId: number, name: string) =>
      Number((await t.db.sql<{ id: string }[]>`select id from drive_items
        where company_id = ${co.companyId} and owner_user_id = ${ownerId} and name = ${name} and deleted_at is null`)[0].id);
    const share = async (owner: { token: string }, id: number, permission: number) => {
      const r = await t.call("POST", `/api/share/drive/${id}`, { token: owner.token, json: { members: [{ memberType: "USER", memberId: kim.id, permission }] } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    };
    for (const client of [boss, leeDav]) expect((await client("MKCOL", "/dav/files/팀 자료/")).status).toBe(201);
    expect((await boss("MKCOL", "/dav/files/공지/")).status).toBe(201);
    expect((await boss("PUT", "/dav/files/공지/안내.txt", "읽기만")).status).toBe(201);
    await share(admin, await folderId(admin.id, "팀 자료"), 3);
    await share(lee, await folderId(lee.id, "팀 자료"), 2);
    await share(admin, await folderId(admin.id, "공지"), 2);
    const bossName = (await t.db.sql<{ account_name: string }[]>`select account_name from users where id = ${admin.id}`)[0].account_name;
    const bossTeam = `/dav/shared/${encodeURIComponent(`팀 자료 (${bossName})`)}/`;

    // Two shared folders of one name carry their owners' names.
    const list = readMultistatus((await kimDav("PROPFIND", "/dav/shared/", undefined, { depth: "1" })).text).responses;
    expect(list.map((x) => decodeURIComponent(x.href))).toEqual([
      "/dav/shared/", "/dav/shared/공지/", `/dav/shared/팀 자료 (${bossName})/`, "/dav/shared/팀 자료 (Lee)/",
    ]);
    expect(list[3].props.get("{DAV:}displayname")!.text).toBe("팀 자료 (Lee)");
    expect((await kimDav("GET", "/dav/shared/")).text).toContain("공지/");

    // A write share: what kim puts there is the owner's, in the owner's quota, seen in the owner's own drive.
    const before = await usedSize(t, admin.id);
    expect((await kimDav("PUT", `${bossTeam}회의록.txt`, "김의 메모")).status).toBe(201);
    expect((await boss("GET", "/dav/files/팀 자료/회의록.txt")).text).toBe("김의 메모");
    expect(await usedSize(t, admin.id)).toBe(before + new TextEncoder().encode("김의 메모").length);
    expect((await kimDav("MKCOL", `${bossTeam}하위/`)).status).toBe(201);
    // A read share refuses every write; the top level of /dav/shared/ takes nothing new.
    expect((await kimDav("GET", "/dav/shared/공지/안내.txt")).text).toBe("읽기만");
    expect((await kimDav("PUT", "/dav/shared/공지/안내.txt", "고침")).status).toBe(403);
    expect((await kimDav("DELETE", "/dav/shared/공지/안내.txt")).status).toBe(403);
    expect((await kimDav("MKCOL", "/dav/shared/새 폴더/")).status).toBe(403);
    expect((await kimDav("PUT", "/dav/shared/a.txt", "x")).status).toBe(403);
    expect((await kimDav("PROPFIND", "/dav/shared/없는/", undefined, { depth: "0" })).status).toBe(404);
    // A copy out of a read share into one's own drive is one's own.
    const dest = `${base}/dav/files/${encodeURIComponent("안내 사본.txt")}`;
    expect((await kimDav("COPY", "/dav/shared/공지/안내.txt", undefined, { destination: dest })).status).toBe(201);
    expect((await kimDav("GET", "/dav/files/안내 사본.txt")).text).toBe("읽기만");

    // Locks are on the owner's paths: the owner's lock holds against kim, and kim's lock against the owner.
    const lockBody = `<?xml version="1.0"?><d:lockinfo xmlns:d="DAV:"><d:lockscope><d:exclusive/></d:lockscope><d:locktype><d:write/></d:locktype></d:lockinfo>`;
    const locked = await boss("LOCK", "/dav/files/팀 자료/회의록.txt", lockBody, { "content-type": "application/xml" });
    expect(locked.status).toBe(200);
    expect((await kimDav("PUT", `${bossTeam}회의록.txt`, "덮어쓰기")).status).toBe(423);
    // Kim sees the owner's lock, its root named by kim's own path to it.
    const seen = (await kimDav("PROPFIND", `${bossTeam}회의록.txt`, undefined, { depth: "0" })).text;
    const root = /lockroot>\s*<(?:\w+:)?href>([^<]+)</.exec(seen)?.[1];
    expect(root && decodeURIComponent(root)).toBe(`/dav/shared/팀 자료 (${bossName})/회의록.txt`);
    expect((await boss("UNLOCK", "/dav/files/팀 자료/회의록.txt", undefined, { "lock-token": locked.headers.get("lock-token")! })).status).toBe(204);
    const kimLock = await kimDav("LOCK", `${bossTeam}하위/`, lockBody, { "content-type": "application/xml", depth: "infinity" });
    expect(kimLock.status).toBe(200);
    expect((await boss("PUT", "/dav/files/팀 자료/하위/x.txt", "x")).status).toBe(423);
    const token = kimLock.headers.get("lock-token")!;
    expect((await kimDav("PUT", `${bossTeam}하위/x.txt`, "x", { if: `(${token})` })).status).toBe(201);

    // Not shared with them: nothing under /dav/shared/ for another colleague or another company.
    expect(readMultistatus((await leeDav("PROPFIND", "/dav/shared/", undefined, { depth: "1" })).text).responses.map((x) => x.href))
      .toEqual(["/dav/shared/"]);
    expect((await theirs("PROPFIND", bossTeam, undefined, { depth: "0" })).status).toBe(404);
  });
});

