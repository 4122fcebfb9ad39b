// SQL of flow's memberships (no rules here): the people of the company an invitation may name, membership rows
// of a project, their state changes, their removal with their task assignments in that project, and the
// project's MASTER. Scoped by company and project.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { flowMembers, flowTaskAssignees } from "../../../../db/schema/flow.ts";
import { idArray } from "../projects/repo.ts";

export type MemberRow = typeof flowMembers.$inferSelect;

export interface PersonRow {
  id: number;
  name: string;
  username: string;
  language: string;
}

const personOf = (r: Record<string, unknown>): PersonRow => ({
  id: Number(r.id),
  name: String(r.account_name),
  username: String(r.username),
  language: String(r.language_type),
});

/** Active people of the company among these ids. */
export async function peopleByIds(db: DbOrTx, companyId: number, ids: number[]): Promise<PersonRow[]> {
  if (!ids.length) return [];
  const rows = await db.execute<Record<string, unknown>>(sql`
    select id, account_name, username, language_type from users
     where company_id = ${companyId} and status = 'ACTIVE' and id = any(${idArray(ids)})`);
  return rows.map(personOf);
}

/** Active people of the company by their address (lower case). */
export async function peopleByEmails(db: DbOrTx, companyId: number, emails: string[]): Promise<PersonRow[]> {
  if (!emails.length) return [];
  const rows = await db.execute<Record<string, unknown>>(sql`
    select id, account_name, username, language_type from users
     where company_id = ${companyId} and status = 'ACTIVE'
       and username = any(string_to_array(${emails.map((e) => e.toLowerCase()).join("\n")}, E'\n'))`);
  return rows.map(personOf);
}

export async function rowsOf(db: DbOrTx, projectId: number, userIds: number[]): Promise<MemberRow[]> {
  if (!userIds.length) return [];
  return await db.select().from(flowMembers).where(and(eq(flowMembers.projectId, projectId), inArray(flowMembers.userId, userIds)));
}

export async function insertRow(db: DbOrTx, values: typeof flowMembers.$inferInsert) {
  await db.insert(flowMembers).values(values);
}

export async function updateRows(db: DbOrTx, projectId: number, userIds: number[], set: Partial<typeof flowMembers.$inferInsert>) {
  if (!userIds.length) return;
  await db.update(flowMembers).set(set).where(and(eq(flowMembers.projectId, projectId), inArray(flowMembers.userId, userIds)));
}

/** The rows and the people's task assignments in this project. */
export async function deleteRows(db: DbOrTx, projectId: number, userIds: number[]) {
  if (!userIds.length) return;
  await db.delete(flowTaskAssignees).where(and(eq(flowTaskAssignees.projectId, projectId), inArray(flowTaskAssignees.userId, userIds)));
  await db.delete(flowMembers).where(and(eq(flowMembers.projectId, projectId), inArray(flowMembers.userId, userIds)));
}

/** The project's MASTER (their address and language for the application mail). */
export async function masterOf(db: DbOrTx, projectId: number): Promise<PersonRow | null> {
  const [r] = await db.execute<Record<string, unknown>>(sql`
    select u.id, u.account_name, u.username, u.language_type from flow_members m join users u on u.id = m.user_id
     where m.project_id = ${projectId} and m.authority = 'MASTER'`);
  return r ? personOf(r) : null;
}
