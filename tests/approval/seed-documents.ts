// Documents and lines written straight into the tables, for the box, dashboard and export tests (and the
// benchmark): any state, any line, any date, without going through drafting. The title's search_vector is
// written as drafting writes it (titleSearchVector), so the title search finds seeded documents too.
import type { DocumentStatus, LineStatus, LineType, OpenType } from "../../shared/approval/constants.ts";
import { GROUP_OF } from "../../shared/approval/constants.ts";
import { titleSearchVector } from "../../server/modules/approval/boxes/search.ts";
import type { TestApp } from "../support/test-app.ts";
import type { ApprovalCompany } from "./support.ts";

function iso(d: Date): string;
function iso(d: Date | undefined): string | null;
function iso(d: Date | undefined): string | null {
  return d ? d.toISOString() : null;
}

export interface SeedLine {
  type: LineType;
  status: LineStatus;
  /** A user line's approver; an organ line names the organ instead. */
  userId?: number;
  organId?: number;
  actedBy?: number;
  readAt?: Date;
}

export interface SeedDoc {
  drafterId: number;
  organId: number;
  formId: number;
  title: string;
  status: DocumentStatus;
  openType?: OpenType;
  docNum?: string;
  draftedAt?: Date;
  completedAt?: Date;
  updatedAt?: Date;
  lines?: SeedLine[];
  files?: number;
}

export interface SeedForm {
  id: number;
  name: string;
}

/** A form box and its forms (active unless named in `inactive`). */
export async function seedForms(t: TestApp, companyId: number, names: string[], inactive: string[] = []): Promise<SeedForm[]> {
  const [box] = await t.db.sql<{ id: string }[]>`
    insert into approval_form_boxes (company_id, name) values (${companyId}, '일반') returning id`;
  const out: SeedForm[] = [];
  for (const [i, name] of names.entries()) {
    const [f] = await t.db.sql<{ id: string }[]>`
      insert into approval_forms (company_id, box_id, name, code, active, sort_order)
      values (${companyId}, ${box.id}, ${name}, ${`F${i + 1}`}, ${!inactive.includes(name)}, ${i}) returning id`;
    out.push({ id: Number(f.id), name });
  }
  return out;
}

/** One document with its lines (in the order given, sort orders per group); answers its id. */
export async function seedDocument(t: TestApp, companyId: number, d: SeedDoc): Promise<number> {
  const updated = iso(d.updatedAt ?? d.completedAt ?? d.draftedAt ?? new Date("2025-01-01T00:00:00Z"));
  const [doc] = await t.db.sql<{ id: string }[]>`
    insert into approval_documents (company_id, form_id, form_version, status, title, drafter_id, draft_organ_id, open_type,
      doc_num, search_vector, drafted_at, completed_at, created_at, updated_at)
    values (${companyId}, ${d.formId}, 1, ${d.status}, ${d.title}, ${d.drafterId}, ${d.organId}, ${d.openType ?? "DEPARTMENT"},
      ${d.docNum ?? null}, ${titleSearchVector(d.title)}::tsvector, ${iso(d.draftedAt)}, ${iso(d.completedAt)},
      ${iso(d.draftedAt) ?? updated}, ${updated})
    returning id`;
  const id = Number(doc.id);
  const orders = new Map<string, number>();
  for (const l of d.lines ?? []) {
    const grp = GROUP_OF[l.type];
    const sortOrder = (orders.get(grp) ?? 0) + 1;
    orders.set(grp, sortOrder);
    const acted = l.actedBy ?? (["APPROVED", "PRE_APPROVED", "REJECTED", "RECEIVED", "RETURNED"].includes(l.status) ? l.userId : undefined);
    await t.db.sql`
      insert into approval_lines (company_id, document_id, type, grp, sort_order, status, user_id, organ_id, acted_by_user_id,
        acted_at, read_at)
      values (${companyId}, ${id}, ${l.type}, ${grp}, ${sortOrder}, ${l.status}, ${l.userId ?? null}, ${l.organId ?? null},
        ${acted ?? null}, ${acted ? updated : null}, ${iso(l.readAt)})`;
  }
  for (let i = 0; i < (d.files ?? 0); i++) {
    await t.db.sql`
      insert into approval_files (company_id, document_id, uploader_id, name, size, content_type, blob_key)
      values (${companyId}, ${id}, ${d.drafterId}, ${`file-${i}.txt`}, 1, 'text/plain', ${`seed-${id}-${i}`})`;
  }
  return id;
}

/** Makes the user a document keeper of the organ (approval_managers). */
export async function seedKeeper(t: TestApp, companyId: number, userId: number, organId: number) {
  await t.db.sql`insert into approval_managers (company_id, user_id, organ_id) values (${companyId}, ${userId}, ${organId})`;
}

/** The deputy acts for the user in [from, to). */
export async function seedDeputy(t: TestApp, companyId: number, userId: number, deputyId: number, from: Date, to: Date) {
  await t.db.sql`
    insert into approval_deputies (company_id, user_id, deputy_id, from_at, to_at) values (${companyId}, ${userId}, ${deputyId}, ${iso(from)}, ${iso(to)})
    on conflict (user_id) do update set deputy_id = excluded.deputy_id, from_at = excluded.from_at, to_at = excluded.to_at`;
}

/** The company's basic config page size. */
export async function seedPageSize(t: TestApp, companyId: number, pageSize: number) {
  await t.db.sql`
    insert into approval_configs (company_id, page_size) values (${companyId}, ${pageSize})
    on conflict (company_id) do update set page_size = excluded.page_size`;
}

/** An instant given as Seoul wall-clock time ("2025-03-10 09:00"). */
export const kst = (local: string) => new Date(`${local.replace(" ", "T")}:00+09:00`);

/**
 * The documents most box tests read, in company A of the approval cast (kim 김기안 of 기획팀 drafts; 이팀장 and
 * 윤본부 approve; 재무팀 cooperates; 총무팀 receives), with keepers 박재무 (재무팀) and 정총무 (총무팀), and one
 * completed public document in company B with a title kim's company also uses.
 */
export async function seedScenario(t: TestApp, A: ApprovalCompany, B: ApprovalCompany) {
  const c = A.co.companyId;
  const [expense, proposal, leave] = await seedForms(t, c, ["지출결의서", "품의서", "휴가신청서"]);
  const { drafter: kim, planLead: lee, planMember: oh, financeLead: park, financeMember: choi, generalLead: jung, generalMember: kang, director: yoon, ceo: han } = A;
  const { plan, finance, general } = A.organs;
  await seedKeeper(t, c, park.id, finance);
  await seedKeeper(t, c, jung.id, general);
  const mine = (title: string, status: DocumentStatus, formId: number, extra: Partial<SeedDoc> = {}) =>
    seedDocument(t, c, { drafterId: kim.id, organId: plan, formId, title, status, ...extra });
  const ids = {
    progress: await mine("3월 지출결의서", "IN_PROGRESS", expense.id, {
      draftedAt: kst("2025-03-10 10:00"),
      files: 2,
      lines: [
        { type: "APPROVAL", status: "APPROVED", userId: lee.id },
        { type: "APPROVAL", status: "PENDING_APPROVAL", userId: yoon.id },
        { type: "HELP_ORGAN", status: "WAITING", organId: finance },
        { type: "CC", status: "NOTIFIED", userId: oh.id },
        { type: "RECEIVE", status: "WAITING", userId: kang.id },
      ],
    }),
    proxy: await mine("대결 품의", "IN_PROGRESS", proposal.id, {
      draftedAt: kst("2025-03-11 10:00"),
      lines: [
        { type: "APPROVAL", status: "PROXY_APPROVED", userId: lee.id, actedBy: park.id },
        { type: "APPROVAL", status: "PENDING_APPROVAL", userId: yoon.id },
      ],
    }),
    help: await mine("협조 요청 품의", "IN_PROGRESS", proposal.id, {
      draftedAt: kst("2025-03-12 10:00"),
      lines: [
        { type: "APPROVAL", status: "APPROVED", userId: lee.id },
        { type: "HELP_ORGAN", status: "PENDING_APPROVAL", organId: finance },
        { type: "APPROVAL", status: "WAITING", userId: yoon.id },
      ],
    }),
    done: await mine("2월 품의서", "COMPLETED", proposal.id, {
      draftedAt: kst("2025-02-03 09:00"),
      completedAt: kst("2025-02-05 18:30"),
      docNum: "기획팀-2025-0001",
      lines: [
        { type: "APPROVAL", status: "APPROVED", userId: lee.id },
        { type: "HELP_ORGAN", status: "APPROVED", organId: finance, actedBy: park.id },
        { type: "APPROVAL", status: "APPROVED", userId: yoon.id },
        { type: "RECEIVE", status: "PENDING_APPROVAL", userId: kang.id },
        { type: "RECEIVE_ORGAN", status: "PENDING_APPROVAL", organId: general },
        { type: "SHARE", status: "NOTIFIED", userId: choi.id },
        { type: "SHARE_ORGAN", status: "NOTIFIED", organId: finance },
        { type: "CC", status: "READ", userId: han.id, readAt: kst("2025-02-06 09:00") },
      ],
    }),
    temp: await mine("임시 저장 문서", "TEMP", expense.id, { updatedAt: kst("2025-03-01 12:00") }),
    rejected: await mine("반려된 지출결의", "REJECTED", expense.id, {
      draftedAt: kst("2025-01-20 10:00"),
      lines: [{ type: "APPROVAL", status: "REJECTED", userId: lee.id }],
    }),
    returned: await mine("반송된 문서", "RETURNED", leave.id, {
      draftedAt: kst("2025-01-10 10:00"),
      completedAt: kst("2025-01-12 10:00"),
      docNum: "기획팀-2025-0000",
      lines: [{ type: "APPROVAL", status: "APPROVED", userId: lee.id }, { type: "RECEIVE", status: "RETURNED", userId: kang.id }],
    }),
    retrieved: await mine("회수한 문서", "RETRIEVED", proposal.id, {
      draftedAt: kst("2025-01-05 10:00"),
      lines: [{ type: "APPROVAL", status: "WAITING", userId: lee.id }],
    }),
    financePublic: await seedDocument(t, c, {
      drafterId: choi.id, organId: finance, formId: expense.id, title: "재무팀 예산 보고", status: "COMPLETED", openType: "PUBLIC",
      docNum: "재무팀-2025-0001", draftedAt: kst("2025-02-27 10:00"), completedAt: kst("2025-03-01 10:00"),
      lines: [{ type: "APPROVAL", status: "APPROVED", userId: park.id }],
    }),
    financePrivate: await seedDocument(t, c, {
      drafterId: choi.id, organId: finance, formId: expense.id, title: "재무팀 내부 문서", status: "COMPLETED", openType: "PRIVATE",
      docNum: "재무팀-2025-0002", draftedAt: kst("2025-02-20 10:00"), completedAt: kst("2025-02-21 10:00"),
      lines: [{ type: "APPROVAL", status: "APPROVED", userId: park.id }],
    }),
    financeDept: await seedDocument(t, c, {
      drafterId: park.id, organId: finance, formId: proposal.id, title: "재무팀 부서 문서", status: "COMPLETED", openType: "DEPARTMENT",
      docNum: "재무팀-2025-0003", draftedAt: kst("2025-02-10 10:00"), completedAt: kst("2025-02-11 10:00"),
      lines: [{ type: "APPROVAL", status: "APPROVED", userId: yoon.id }],
    }),
    leeTurn: await seedDocument(t, c, {
      drafterId: oh.id, organId: plan, formId: proposal.id, title: "4월 출장 품의", status: "IN_PROGRESS", draftedAt: kst("2025-03-15 10:00"),
      lines: [{ type: "APPROVAL", status: "PENDING_APPROVAL", userId: lee.id }, { type: "APPROVAL", status: "WAITING", userId: yoon.id }],
    }),
  };
  const [bForm] = await seedForms(t, B.co.companyId, ["지출결의서"]);
  const other = await seedDocument(t, B.co.companyId, {
    drafterId: B.drafter.id, organId: B.organs.plan, formId: bForm.id, title: "3월 지출결의서", status: "COMPLETED", openType: "PUBLIC",
    docNum: "기획팀-2025-0001", draftedAt: kst("2025-03-10 10:00"), completedAt: kst("2025-03-11 10:00"),
    lines: [{ type: "APPROVAL", status: "APPROVED", userId: B.planLead.id }, { type: "CC", status: "NOTIFIED", userId: B.planMember.id }],
  });
  const bPending = await seedDocument(t, B.co.companyId, {
    drafterId: B.drafter.id, organId: B.organs.plan, formId: bForm.id, title: "B 결재 대기", status: "IN_PROGRESS", draftedAt: kst("2025-03-10 10:00"),
    lines: [{ type: "APPROVAL", status: "PENDING_APPROVAL", userId: B.planLead.id }],
  });
  return { ids, other, bPending, forms: { expense, proposal, leave } };
}
