// Set-up shared by the messenger tests: a company with a department (영업팀) and three colleagues besides the
// admin, a second company for the isolation checks, and callers of /api/messenger that fail loudly on an
// unexpected status.
import type { RoomDetail } from "../../shared/messenger/api.ts";
import { type Co, company, namedPerson, type Person } from "../share/share-helpers.ts";
import { apiCaller } from "../support/api-caller.ts";
import type { TestApp } from "../support/test-app.ts";

export interface MessengerCompany {
  co: Co;
  sales: number;
  /** 영업팀 김민수 */
  kim: Person;
  /** 영업팀 이영희 */
  lee: Person;
  /** 개발팀 박지훈 (not in 영업팀) */
  park: Person;
}

export async function messengerCompany(t: TestApp, domain: string, people = true): Promise<MessengerCompany> {
  const co = await company(t, domain);
  const sales = await co.org("영업팀");
  if (!people) return { co, sales, kim: null!, lee: null!, park: null! };
  return {
    co,
    sales,
    kim: await namedPerson(t, co, "kim", "김민수", [sales]),
    lee: await namedPerson(t, co, "lee", "이영희", [sales]),
    park: await namedPerson(t, co, "park", "박지훈", []),
  };
}

export const messengerApi = (t: TestApp) => apiCaller(t, "/api/messenger");

/** A GROUP of `owner` with `members` (201). */
export async function makeGroup(t: TestApp, owner: { token: string }, members: { id: number }[], name = "프로젝트 팀"): Promise<RoomDetail> {
  return await messengerApi(t).ok<RoomDetail>(201, "POST", "rooms", owner, { kind: "GROUP", name, userIds: members.map((m) => m.id) });
}

/** A tiny PNG of the given size (only its header matters to the server). */
export function png(width: number, height: number): Uint8Array {
  const b = new Uint8Array(64);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

/** POST rooms/{r}/files with one file; answers the raw result. */
export async function upload(t: TestApp, who: { token: string }, roomId: number, name: string, bytes: Uint8Array, type: string) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await t.app.request(`/api/messenger/rooms/${roomId}/files`, { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, body: await res.json() };
}
