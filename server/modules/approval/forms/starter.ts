// The starter set every company gets on its first approval call (seed.ts): three form boxes and the five
// forms a Korean office expects, with their templates and fields. 휴가신청서 keeps starter_key "leave" so the
// leave module can find it.
import { DEFAULT_NUMBER_FORMAT } from "../../../../shared/approval/constants.ts";
import type { OpenType, StarterFormKey } from "../../../../shared/approval/constants.ts";
import type { FormFieldInput } from "../../../../shared/approval/forms.ts";

export const STARTER_BOXES = ["일반", "경비", "인사"] as const;

export interface StarterForm {
  key: StarterFormKey;
  box: (typeof STARTER_BOXES)[number];
  name: string;
  code: string;
  description: string;
  innerDraft: boolean;
  openType: OpenType;
  fields: FormFieldInput[];
  templateBody: string;
}

type Col = FormFieldInput["columns"][number];
const field = (key: string, label: string, type: FormFieldInput["type"], required = false, placeholder = "", columns: Col[] = []): FormFieldInput =>
  ({ key, label, type, required, placeholder, columns });
const col = (key: string, label: string, type: Col["type"], sum = false): Col => ({ key, label, type, sum });

/** A two-column table: the label, then the field, one row per field (a table field spans the width). */
function body(intro: string, fields: FormFieldInput[]): string {
  const rows = fields.map((f) =>
    f.type === "table"
      ? `<tr><th colspan="2" class="gw-form-section">${f.label}</th></tr><tr><td colspan="2"><gw-field key="${f.key}"></gw-field></td></tr>`
      : `<tr><th scope="row" style="width: 20%">${f.label}</th><td><gw-field key="${f.key}"></gw-field></td></tr>`
  ).join("");
  return `<p class="gw-form-intro">${intro}</p><table class="gw-form-table" style="width: 100%; border-collapse: collapse"><tbody>${rows}</tbody></table>`;
}

const files = field("files", "첨부", "attachments");

const proposal = [
  field("content", "품의 내용", "textarea", true, "품의할 내용을 적어 주세요."),
  field("effect", "기대 효과", "textarea", false, "기대되는 효과를 적어 주세요."),
  field("amount", "금액", "money", false, "소요 예산 (원)"),
  files,
];
const expense = [
  field("spent_on", "지출 일자", "date", true),
  field("items", "지출 내역", "table", true, "", [
    col("date", "일자", "date"),
    col("detail", "내역", "text"),
    col("vendor", "거래처", "text"),
    col("amount", "금액", "money", true),
  ]),
  field("total", "합계", "money", true, "합계 금액 (원)"),
  field("payment", "결제 수단", "text", true, "법인카드, 계좌이체, 현금"),
  files,
];
const leave = [
  field("leave_type", "휴가 종류", "text", true, "연차, 반차, 병가, 경조사"),
  field("start_date", "시작일", "date", true),
  field("end_date", "종료일", "date", true),
  field("days", "일수", "number", true),
  field("reason", "사유", "textarea", false),
  field("emergency_contact", "비상 연락처", "text", false, "휴가 중 연락처"),
];
const cooperation = [
  field("organ", "협조 부서", "organ", true),
  field("request", "협조 요청 내용", "textarea", true, "협조를 요청할 내용을 적어 주세요."),
  field("due_date", "기한", "date", false),
];
const purchase = [
  field("items", "품목", "table", true, "", [
    col("name", "품명", "text"),
    col("spec", "규격", "text"),
    col("qty", "수량", "number"),
    col("unit_price", "단가", "money"),
    col("amount", "금액", "money", true),
  ]),
  field("reason", "구매 사유", "textarea", true),
  field("due_date", "납기", "date", false),
];

export const STARTER_FORMS: StarterForm[] = [
  {
    key: "proposal", box: "일반", name: "품의서", code: "품의", description: "업무 추진이나 예산 집행에 앞서 승인을 받는 문서",
    innerDraft: true, openType: "DEPARTMENT", fields: proposal,
    templateBody: body("아래와 같이 품의하오니 검토 후 재가하여 주시기 바랍니다.", proposal),
  },
  {
    key: "expense", box: "경비", name: "지출결의서", code: "지출", description: "비용 지출을 결재받는 문서",
    innerDraft: false, openType: "DEPARTMENT", fields: expense,
    templateBody: body("아래와 같이 지출하고자 하오니 결재하여 주시기 바랍니다.", expense),
  },
  {
    key: "leave", box: "인사", name: "휴가신청서", code: "휴가", description: "연차와 휴가를 신청하는 문서",
    innerDraft: false, openType: "PRIVATE", fields: leave,
    templateBody: body("아래와 같이 휴가를 신청하오니 허락하여 주시기 바랍니다.", leave),
  },
  {
    key: "cooperation", box: "일반", name: "업무협조전", code: "협조", description: "다른 부서에 업무 협조를 요청하는 문서",
    innerDraft: true, openType: "DEPARTMENT", fields: cooperation,
    templateBody: body("아래와 같이 업무 협조를 요청하오니 협조하여 주시기 바랍니다.", cooperation),
  },
  {
    key: "purchase", box: "경비", name: "구매요청서", code: "구매", description: "물품 구매를 요청하는 문서",
    innerDraft: false, openType: "DEPARTMENT", fields: purchase,
    templateBody: body("아래와 같이 구매를 요청하오니 결재하여 주시기 바랍니다.", purchase),
  },
];

export const STARTER_NUMBER_FORMAT = DEFAULT_NUMBER_FORMAT;
