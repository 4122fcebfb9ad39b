// Who the lines name: the users (with their departments and position) and the departments of one company,
// looked up in two queries for a whole line list. Used by the line validation, the resolution of presets and
// form presets, and (Engineer B) the view of a document's stored lines.
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { organizationMembers, organizations, users } from "../../../../db/schema/index.ts";
import type { Approver } from "../../../../shared/approval/lines.ts";

export interface ApproverUser {
  id: number;
  name: string;
  email: string;
  position: string | null;
  active: boolean;
  /** The main department (users.organ_id), null when the user has none. */
  mainOrganId: number | null;
  organIds: number[];
}

export interface Approvers {
  users: Map<number, ApproverUser>;
  /** Department names by id. */
  organs: Map<number, string>;
  /** The approver of a user line acting for organId (null: the main department). */
  user(userId: number, organId: number | null): Approver;
  organ(organId: number): Approver;
}

/** Looks up the users and departments of the company the lines name; ids of other companies are simply absent. */
export async function loadApprovers(db: DbOrTx, companyId: number, userIds: number[], organIds: number[]): Promise<Approvers> {
  const uIds = [...new Set(userIds)];
  const userRows = uIds.length
    ? await db.select({
      id: users.id,
      name: users.displayName,
      email: users.username,
      position: users.position,
      status: users.status,
      mainOrganId: users.organId,
    }).from(users).where(and(eq(users.companyId, companyId), inArray(users.id, uIds)))
    : [];
  const memberRows = userRows.length
    ? await db.select({ userId: organizationMembers.userId, organId: organizationMembers.organId }).from(organizationMembers)
      .where(and(eq(organizationMembers.companyId, companyId), inArray(organizationMembers.userId, userRows.map((u) => u.id))))
    : [];
  const found = new Map<number, ApproverUser>();
  for (const u of userRows) {
    found.set(u.id, {
      id: u.id,
      name: u.name,
      email: u.email,
      position: u.position,
      active: u.status === "ACTIVE",
      mainOrganId: u.mainOrganId,
      organIds: memberRows.filter((m) => m.userId === u.id).map((m) => m.organId),
    });
  }
  const oIds = [...new Set([...organIds, ...[...found.values()].flatMap((u) => [...u.organIds, ...(u.mainOrganId ? [u.mainOrganId] : [])])])];
  const organRows = oIds.length
    ? await db.select({ id: organizations.id, name: organizations.name }).from(organizations)
      .where(and(eq(organizations.companyId, companyId), inArray(organizations.id, oIds)))
    : [];
  const organs = new Map(organRows.map((o) => [o.id, o.name]));
  return {
    users: found,
    organs,
    user(userId, organId) {
      const u = found.get(userId);
      const organ = organId ?? u?.mainOrganId ?? null;
      return {
        userId,
        userName: u?.name ?? null,
        userEmail: u?.email ?? null,
        position: u?.position ?? null,
        organId: organ,
        organName: organ === null ? null : organs.get(organ) ?? null,
        isUser: true,
        isOrgan: false,
      };
    },
    organ(organId) {
      return {
        userId: null,
        userName: null,
        userEmail: null,
        position: null,
        organId,
        organName: organs.get(organId) ?? null,
        isUser: false,
        isOrgan: true,
      };
    },
  };
}
