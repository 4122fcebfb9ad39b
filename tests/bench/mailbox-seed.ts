// The seeded mailbox the mail benchmarks share (tests/bench/mailbox-100k.ts for the API at 100,000 or
// 1,000,000 mails, tests/bench/mail-ui.ts in the browser): one company and one user whose mailbox is filled
// with `total` messages (Korean and English subjects and bodies, a fifth with attachments, threads, a spread
// of folders, read and starred states, tags). The first `realistic` of them (all, by default up to 100,000)
// are each built as MIME (MailComposer), parsed by the store's parseMessage, written to the blob store and
// filed by the store's own fileInTransaction (500 per transaction), so the rows (search_vector included) are
// exactly what fileMessage writes; at about 230 mails/s on a quiet 2-core machine that is 7 minutes per
// 100,000. The rest are copies made in bulk SQL (growMailbox: each pass copies every mail and its stored
// message with a new id, the same blob, flags, folder, tags and search vector, received a moment after its
// original), which the counter triggers count as any insert. A mailbox that is already filled (BENCH_DIR kept
// from an earlier run) is used as it is, or grown to `total` by copies when it holds fewer.
import { eq } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer";
import { mailFolders } from "../../db/schema/mail.ts";
import { users } from "../../db/schema/users.ts";
import type { AppDeps } from "../../server/lib/context.ts";
import { passwordGrant } from "../../server/modules/auth/service.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { type FilingTarget, fileInTransaction } from "../../server/modules/mail/store/deliver.ts";
import { type SystemFolderIds, systemFolders } from "../../server/modules/mail/store/folders.ts";
import { parseMessage } from "../../server/modules/mail/store/parse.ts";

export const BENCH_USER = "bench@bench.test";
export const BENCH_PASSWORD = "Passw0rd!";

const BATCH = 500;

// ---- realistic content ----
let rndState = 42;
const rnd = () => ((rndState = (rndState * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];

const KO_SUBJECTS = [
  "주간 회의록 공유", "프로젝트 일정 안내", "견적서 요청드립니다", "계약서 검토 부탁드립니다", "월간 보고서 제출", "휴가 신청서",
  "신규 입사자 안내", "서버 점검 공지", "세금계산서 발행 요청", "회의실 예약 확인", "분기 실적 보고", "제품 출시 일정 변경",
  "고객 문의 건 회신", "교육 프로그램 참가 안내", "출장 경비 정산", "보안 점검 결과", "디자인 시안 전달", "납품 일정 협의",
];
const EN_SUBJECTS = [
  "Weekly sync notes", "Quarterly report", "Invoice for October", "Contract renewal", "Project kickoff", "Release schedule",
  "Customer feedback summary", "Security review", "Design mockups attached", "Travel expenses", "Team offsite plan", "Budget approval",
];
const KO_SENTENCES = [
  "안녕하세요, 요청하신 자료를 보내드립니다.", "지난 회의에서 논의된 내용을 정리했습니다.", "검토 후 의견 부탁드립니다.",
  "일정에 변동이 있으면 미리 알려주세요.", "첨부 파일을 확인해 주시기 바랍니다.", "다음 주 화요일까지 회신 부탁드립니다.",
  "관련 부서와 협의가 필요합니다.", "예산 범위 내에서 진행하겠습니다.", "고객사에서 추가 요청이 있었습니다.",
  "자세한 내용은 담당자에게 문의해 주세요.", "감사합니다. 좋은 하루 보내세요.", "계약 조건을 다시 확인했습니다.",
  "테스트 결과는 양호합니다.", "보고서 초안을 공유드립니다.", "회의 시간은 오후 세 시로 변경되었습니다.",
  "배송 일정은 이번 주 금요일입니다.", "담당자가 변경되어 안내드립니다.", "견적 금액을 조정했습니다.", "품질 검사 결과를 전달드립니다.",
  "시스템 접속 권한을 신청했습니다.", "설문 조사에 참여해 주셔서 감사합니다.", "사무실 이전 일정이 확정되었습니다.",
  "신제품 샘플을 발송했습니다.", "재고 현황을 확인 부탁드립니다.", "교육 자료를 첨부합니다.", "비용 처리 기준을 안내드립니다.",
  "로그인 오류가 해결되었습니다.", "협력사 방문 일정을 조율 중입니다.", "결재 요청 드립니다.", "프로젝트 범위가 확정되었습니다.",
  "수정 사항을 반영했습니다.", "추가 질문이 있으시면 연락 주세요.", "고객 만족도 조사 결과입니다.", "마감 기한을 꼭 지켜주세요.",
  "연말 행사 장소를 예약했습니다.",
];
const EN_SENTENCES = [
  "Please find the documents attached.", "Let me know if you have any questions.", "We discussed this in the last meeting.",
  "The deadline has moved to next Friday.", "Could you review the numbers before Monday?", "Thanks for the quick turnaround.",
  "The customer asked for a revised quote.", "We are on track for the release.", "I have updated the shared spreadsheet.",
  "Budget approval is still pending.", "See the summary below for details.", "Best regards,",
];
const PEOPLE = [
  ["김철수", "chulsoo.kim"], ["이영희", "younghee.lee"], ["박민수", "minsu.park"], ["최지은", "jieun.choi"], ["정우성", "woosung.jung"],
  ["Alice Park", "alice"], ["Bob Lee", "bob"], ["Carol Smith", "carol"], ["David Kim", "david"], ["Emma Han", "emma"],
];
const DOMAINS = ["partner.example", "vendor.example", "client.co.kr", "bench.test"];
const FILES = ["회의록.docx", "견적서_2026.pdf", "report-Q3.xlsx", "계약서(최종).hwp", "design.png", "invoice-10.pdf", "일정표.xlsx"];

function person(): string {
  const [name, local] = pick(PEOPLE);
  return `${name} <${local}@${pick(DOMAINS)}>`;
}

function message(i: number, date: Date): Promise<Uint8Array> {
  const korean = rnd() < 0.65;
  const sentences = korean ? KO_SENTENCES : EN_SENTENCES;
  const body = Array.from({ length: 2 + Math.floor(rnd() * 9) }, () => pick(sentences)).join(" ");
  const subject = `${korean ? pick(KO_SUBJECTS) : pick(EN_SUBJECTS)} ${rnd() < 0.5 ? `#${i % 997}` : ""}`.trim();
  const attachments = rnd() < 0.2
    ? Array.from({ length: 1 + Math.floor(rnd() * 2) }, () => ({
      filename: pick(FILES),
      content: Buffer.from(crypto.getRandomValues(new Uint8Array(1024 + Math.floor(rnd() * 30_000)))),
    }))
    : undefined;
  const thread = rnd() < 0.3 ? `<thread-${i % 5000}@bench.test>` : undefined;
  const composer = new MailComposer({
    from: person(),
    to: [person(), ...(rnd() < 0.3 ? [person()] : [])],
    cc: rnd() < 0.25 ? person() : undefined,
    subject: thread ? `Re: ${subject}` : subject,
    text: body,
    html: rnd() < 0.5 ? `<div><p>${body}</p></div>` : undefined,
    messageId: `<m${i}-${rndState}@bench.test>`,
    inReplyTo: thread,
    references: thread ? [thread] : undefined,
    date,
    attachments,
  });
  return new Promise((resolve, reject) =>
    composer.compile().build((err: Error | null, buf: Buffer) => (err ? reject(err) : resolve(new Uint8Array(buf))))
  );
}

async function seedMailbox(deps: AppDeps, companyId: number, userId: number, sys: SystemFolderIds, TOTAL: number) {
  const privates = await deps.db.insert(mailFolders).values(["Projects", "거래처", "Archive"].map((name, i) => ({
    companyId, userId, parentId: sys.PRIVATE_ROOT, folderType: "PRIVATE", name, sortOrder: i,
  }))).returning({ id: mailFolders.id });
  // ---- seeding ----
  const t0 = performance.now();
  const start = Date.parse("2024-11-01T00:00:00Z");
  const step = (Date.parse("2026-11-01T00:00:00Z") - start) / TOTAL;
  for (let b = 0; b < TOTAL; b += BATCH) {
    const n = Math.min(BATCH, TOTAL - b);
    const items = await Promise.all(Array.from({ length: n }, async (_, k) => {
      const i = b + k;
      const receivedAt = new Date(start + i * step);
      const raw = await message(i, receivedAt);
      const parsed = await parseMessage(raw);
      const blob = await deps.blobs.put(raw);
      const r = rnd();
      const target: FilingTarget = r < 0.7
        ? { userId, folder: sys.INBOX, read: rnd() < 0.85, important: rnd() < 0.05, tags: rnd() < 0.05 ? ["중요"] : [] }
        : r < 0.85
        ? { userId, folder: sys.SENT, mailType: "SENT", read: true }
        : r < 0.95
        ? { userId, folder: pick(privates).id, read: rnd() < 0.9 }
        : r < 0.98
        ? { userId, folder: sys.DELETED, read: true }
        : { userId, folder: sys.SPAM, read: false, spamReason: "USER_RULE" };
      return { raw, parsed, blobKey: blob.key, receivedAt, target };
    }));
    await deps.db.transaction(async (tx) => {
      for (const it of items) {
        await fileInTransaction(tx, { companyId, raw: it.raw, parsed: it.parsed, receivedAt: it.receivedAt, targets: [it.target] }, it.parsed, it.blobKey);
      }
    });
    if ((b / BATCH) % 20 === 19) {
      const s = (performance.now() - t0) / 1000;
      console.log(`  seeded ${b + n} mails in ${s.toFixed(0)} s (${((b + n) / s).toFixed(0)}/s)`);
    }
  }
  await deps.sql`vacuum analyze mails`;
  await deps.sql`vacuum analyze mail_messages`;
  await deps.sql`vacuum analyze mail_folders`;
  const seedS = (performance.now() - t0) / 1000;
  console.log(`seeded ${TOTAL} mails in ${seedS.toFixed(0)} s (${(TOTAL / seedS).toFixed(0)}/s)`);

}

/** The stored (not generated) columns of a table, in order. */
async function columnsOf(deps: AppDeps, table: string): Promise<string[]> {
  const rows = await deps.sql<{ name: string }[]>`
    select a.attname::text as name from pg_attribute a
     where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`;
  return rows.map((r) => r.name);
}

/**
 * Grows the user's mailbox from `have` to `total` mails with copies made in SQL: pass c (1, 2, ...) copies the
 * mails that were there before growing (as many as still needed), each with its stored message, under new
 * ids (old id + c * the largest id before growing), received c * (two years / total) after its original, so
 * the copies interleave with the originals over the same two years. The insert of each pass fires the
 * counter triggers once for its rows.
 */
async function growMailbox(deps: AppDeps, userId: number, have: number, total: number) {
  const t0 = performance.now();
  const [{ maxMail, maxMessage }] = await deps.sql<{ maxMail: string; maxMessage: string }[]>`
    select (select max(id) from mails) as "maxMail", (select max(id) from mail_messages) as "maxMessage"`;
  const mailStep = Number(maxMail);
  const messageStep = Number(maxMessage);
  const gapSeconds = (Date.parse("2026-11-01T00:00:00Z") - Date.parse("2024-11-01T00:00:00Z")) / 1000 / total;
  const q = (c: string) => `"${c}"`;
  const messageCols = await columnsOf(deps, "mail_messages");
  const mailCols = await columnsOf(deps, "mails");
  const messageExpr: Record<string, (c: number) => string> = {
    id: (c) => `mm.id + ${c * messageStep}`,
    message_id_header: (c) => `mm.message_id_header || '.copy${c}'`,
  };
  const mailExpr: Record<string, (c: number) => string> = {
    id: (c) => `m.id + ${c * mailStep}`,
    message_id: (c) => `m.message_id + ${c * messageStep}`,
    received_at: (c) => `m.received_at + make_interval(secs => ${c * gapSeconds})`,
    uid: () => "null",
    modseq: () => "null",
    imap_flags: () => "'{}'::text[]",
  };
  let made = have;
  for (let c = 1; made < total; c++) {
    const n = Math.min(have, total - made);
    await deps.sql.begin(async (tx) => {
      await tx.unsafe(`create temporary table grow_src on commit drop as
        select id, message_id from mails where user_id = ${userId} and id <= ${mailStep} order by id limit ${n}`);
      await tx.unsafe(`insert into mail_messages (${messageCols.map(q).join(", ")})
        select ${messageCols.map((col) => messageExpr[col]?.(c) ?? `mm.${q(col)}`).join(", ")}
          from mail_messages mm where mm.id in (select message_id from grow_src)`);
      await tx.unsafe(`insert into mails (${mailCols.map(q).join(", ")})
        select ${mailCols.map((col) => mailExpr[col]?.(c) ?? `m.${q(col)}`).join(", ")}
          from mails m where m.id in (select id from grow_src)`);
    });
    made += n;
    const s = (performance.now() - t0) / 1000;
    console.log(`  grown to ${made} mails in ${s.toFixed(0)} s`);
  }
  await deps.sql`select setval('mails_id_seq', (select max(id) from mails))`;
  await deps.sql`select setval('mail_messages_id_seq', (select max(id) from mail_messages))`;
  await deps.sql`vacuum analyze mails`;
  await deps.sql`vacuum analyze mail_messages`;
  await deps.sql`vacuum analyze mail_folders`;
  console.log(`grew the mailbox from ${have} to ${total} mails in ${((performance.now() - t0) / 1000).toFixed(0)} s (with VACUUM ANALYZE)`);
}

export interface SeededMailbox {
  companyId: number;
  userId: number;
  sys: SystemFolderIds;
  /** Mails in the mailbox. */
  count: number;
  tokens: { access_token: string; refresh_token: string };
}

/**
 * The bench company and user, with a mailbox of `total` mails (seeded unless already there: the first
 * `realistic` one by one, the rest as copies), and tokens of a sign-in made after the seeding (an access
 * token lasts 15 minutes, and seeding can take longer).
 */
export async function seededMailbox(deps: AppDeps, total: number, realistic = Math.min(total, 100_000)): Promise<SeededMailbox> {
  const [existing] = await deps.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.username, BENCH_USER));
  const owner = existing ?? await createCompanyWithAdmin(deps, {
    name: "Bench",
    domain: "bench.test",
    admin: { loginId: "bench", name: "Bench", password: BENCH_PASSWORD },
  }).then((r) => ({ id: r.admin.id, companyId: r.company.id }));
  const companyId = owner.companyId;
  const userId = owner.id;
  const sys = await systemFolders(deps.db, companyId, userId);
  let [{ n: count }] = await deps.sql<{ n: number }[]>`select count(*)::int as n from mails where user_id = ${userId}`;
  if (!count) {
    await seedMailbox(deps, companyId, userId, sys, Math.min(realistic, total));
    count = Math.min(realistic, total);
  }
  if (count < total) {
    await growMailbox(deps, userId, count, total);
    count = total;
  }
  // The tag the seeded mails carry, as a tag of the user (so the tree shows its tag folder with counts).
  await deps.sql`insert into mail_tags (company_id, user_id, tag, created_at) values (${companyId}, ${userId}, '중요', now())
    on conflict do nothing`;
  const tokens = await passwordGrant(deps, { username: BENCH_USER, password: BENCH_PASSWORD }, { ip: "127.0.0.1", userAgent: "bench" });
  return { companyId, userId, sys, count, tokens };
}
