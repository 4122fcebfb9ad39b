// Flow projects ("groups" in the interface), members and the project tree (002 §3 "Project", "Folder", §4
// "Project membership", §5, §6, §7 "Flow (base api/flow)", §8 "Flow"). Calls under /api/flow:
//
//   GET    folders                     FlowFolder[]: FAVORITE_ROOT (children: the caller's favourite projects,
//                                      FAVORITE nodes, by sortOrder) and FILTER_ROOT (children: the built-in
//                                      filters my, requested, all, then the caller's saved task filters).
//   POST   projects                    projectBody → 201 FlowProject: the caller is MASTER, the project is in
//                                      their favourites at once (favoriteStatus 1); it gets its default group.
//   PUT    projects/{id}               projectBody → 200 FlowProject (MASTER or ADMIN; 403 flow.no_permission)
//   DELETE projects/{id}               204 (MASTER); 409 flow.members_exist ("참여중인 멤버가 존재합니다.") while
//                                      anyone else is JOINED. Tasks, groups and files go with it.
//   GET    projects/my?page=&pageSize= Page<FlowProject> (JOINED, by title; pageSize default 20)
//   GET    projects/all?page=&pageSize=&excludeMyProjects=&excludePrivateProjects=&title=
//                                      Page<FlowProject>: every project of the company (a private one shows
//                                      non-members its title, member count, master and their own pending row,
//                                      neither the other members nor tasks), by title.
//   GET    projects/{id}               FlowProject (any member of the company; tasks need JOINED)
//   POST   projects/{id}/members/invite  inviteBody → 201 FlowMember[] (MASTER/ADMIN): INVITED rows, and a mail to
//                                      each ("초대 메일을 발송하였습니다."); people JOINED already are skipped.
//   POST   projects/{id}/members/invite/resend  { memberIds } → 200 (MASTER/ADMIN): the mail again to INVITED
//                                      ones ("알림 메일을 보냈습니다.").
//   POST   projects/{id}/members/apply   200 FlowProject: public: JOINED at once (MEMBER) and a favourite;
//                                      private: APPLIED, the MASTER is mailed. 409 flow.already_member
//                                      ("해당 그룹에 이미 참여 중입니다."). An INVITED caller joins at once.
//   POST   projects/{id}/members/apply/resend  200: the MASTER mailed again (APPLIED only; 404 flow.member_not_found)
//   PUT    projects/{id}/members/favorite  { favoriteStatus: 0|1 } → 200 FlowProject (JOINED)
//   PUT    projects/{id}/members/authority  { memberId, authority ADMIN|MEMBER|READ } → 200 FlowMember
//                                      (MASTER/ADMIN; an ADMIN cannot touch another ADMIN; the MASTER's own
//                                      authority changes only by delegate: 409 flow.master_fixed)
//   PUT    projects/{id}/delegate      { memberId } → 200 FlowProject (MASTER only: 403; 409 flow.cannot_delegate
//                                      "해당 멤버에게는 위임할 수 없습니다." unless memberId is JOINED and not the
//                                      caller). The old MASTER becomes ADMIN.
//   PUT    projects/{id}/members/accept  200 FlowProject: the caller's invitation accepted (JOINED, MEMBER,
//                                      favourite); 404 flow.member_not_found without one.
//   PUT    projects/{id}/members/approve  { memberIds } → 200 FlowMember[] (MASTER/ADMIN): applications accepted.
//   DELETE projects/{id}/members?memberIds[]=  204 (MASTER/ADMIN): JOINED, INVITED or APPLIED rows removed; the
//                                      MASTER cannot be removed (409 flow.master_fixed); their assignments go.
//   DELETE projects/{id}/leave         204 (JOINED; the MASTER: 409 flow.master_fixed, delegate first)
//   DELETE projects/{id}/decline       204: the caller's invitation declined (or an application refused: with
//                                      memberIds by MASTER/ADMIN)
//   DELETE projects/{id}/cancel        204: the caller's application withdrawn
//
// memberId is the member's user id. Another company's project answers 404 flow.project_not_found; a
// private project's tasks and groups answer 403 flow.not_member to a company member who has not joined.
import { z } from "zod";
import {
  type Authority, AUTHORITIES, type BuiltinFilter, FLOW_VIEW_TYPES, type FlowViewType, type FolderType, INVITE_MAX,
  type MemberState, PROJECT_DESCRIPTION_MAX, PROJECT_PAGE_SIZE, PROJECT_TITLE_MAX,
} from "./constants.ts";

export const flowId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const flag = z.union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean()])
  .transform((v) => (v === 1 || v === "1" || v === true ? 1 : 0));

export interface FlowMember {
  userId: number;
  name: string;
  email: string;
  authority: Authority;
  state: MemberState;
  /** When they applied or were invited (002 §3 joinRequestTimeMillis); when they joined for the others. */
  joinRequestTimeMillis: number;
}

/** 002 §3 "Project: id, title, privateStatus, favoriteStatus, sortOrder, mainViewTab, members". */
export interface FlowProject {
  id: number;
  title: string;
  description: string;
  /** 1: private (joining needs the master's acceptance). */
  privateStatus: 0 | 1;
  /** The caller's favourite. */
  favoriteStatus: 0 | 1;
  /** The caller's order among their favourites. */
  sortOrder: number;
  mainViewTab: FlowViewType;
  /** #rrggbb: the project's colour (calendar, tree). */
  color: string;
  /**
   * Every membership row (JOINED first: MASTER, ADMIN, MEMBER, READ; then INVITED, APPLIED); of a private project
   * whose member the caller is not, only the MASTER and the caller's own row.
   */
  members: FlowMember[];
  memberCount: number;
  /** The caller's authority and state; null: not a member. */
  myAuthority: Authority | null;
  myState: MemberState | null;
  taskCount: number;
  createdTime: number;
}

export interface FlowFolder {
  folderType: FolderType;
  /** FAVORITE: the project's id; FILTER_ROOT children: a built-in filter id or a saved filter's id. */
  id: number | BuiltinFilter | null;
  title: string;
  projectId: number | null;
  children: FlowFolder[];
}

export const projectBody = z.object({
  title: z.string().trim().min(1).max(PROJECT_TITLE_MAX),
  description: z.string().max(PROJECT_DESCRIPTION_MAX).default(""),
  privateStatus: flag.default(0),
  mainViewTab: z.enum(FLOW_VIEW_TYPES).default("LIST"),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
});
export const projectsMyQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(PROJECT_PAGE_SIZE),
});
const boolQ = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
export const projectsAllQuery = projectsMyQuery.extend({
  excludeMyProjects: boolQ.default(false),
  excludePrivateProjects: boolQ.default(false),
  title: z.string().trim().max(PROJECT_TITLE_MAX).default(""),
});
/** Invite people of the company by user id, or by email (a company member's address). */
export const inviteBody = z.object({
  userIds: z.array(flowId).max(INVITE_MAX).default([]),
  emails: z.array(z.string().trim().email().max(320)).max(INVITE_MAX).default([]),
  authority: z.enum(["ADMIN", "MEMBER", "READ"]).default("MEMBER"),
}).refine((b) => b.userIds.length + b.emails.length > 0, { message: "nobody to invite" });
export const memberIdsBody = z.object({ memberIds: z.array(flowId).min(1).max(INVITE_MAX) });
export const favoriteBody = z.object({ favoriteStatus: flag });
export const authorityBody = z.object({ memberId: flowId, authority: z.enum(AUTHORITIES).refine((a) => a !== "MASTER", "MASTER by delegate") });
export const delegateBody = z.object({ memberId: flowId });
