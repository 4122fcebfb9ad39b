// The texts of the Excel export in the user's language (languageType ko, en, id; ko when another): the column
// titles, the documents' states and the sheet's name (the box's sidebar name).
import type { BoxKey, DocumentStatus } from "../../../../shared/approval/constants.ts";

export type ExportLanguage = "ko" | "en" | "id";

export interface ExportTexts {
  /** 문서번호, 제목, 양식, 기안자, 기안부서, 기안일, 완료일, 상태 */
  header: [string, string, string, string, string, string, string, string];
  status: Record<DocumentStatus, string>;
  box: Record<BoxKey, string>;
}

export const EXPORT_TEXTS: Record<ExportLanguage, ExportTexts> = {
  ko: {
    header: ["문서번호", "제목", "양식", "기안자", "기안부서", "기안일", "완료일", "상태"],
    status: { TEMP: "임시저장", IN_PROGRESS: "진행", COMPLETED: "완료", REJECTED: "반려", RETRIEVED: "회수", RETURNED: "반송" },
    box: {
      lg: "문서대장", dd: "상신한 문서", dc: "완료된 문서", dt: "임시저장 문서", dr: "반려된 문서", dn: "반송된 문서",
      de: "회수한 문서", ab: "결재 대기", ap: "결재 진행", ac: "결재 완료", ar: "결재 반려", rb: "접수 대기",
      rc: "접수 완료", sh: "공람", cc: "참조", oh: "부서 협조", or: "부서 수신",
    },
  },
  en: {
    header: ["Document no.", "Title", "Form", "Drafter", "Drafting department", "Drafted", "Completed", "Status"],
    status: { TEMP: "Saved draft", IN_PROGRESS: "In progress", COMPLETED: "Completed", REJECTED: "Rejected", RETRIEVED: "Retrieved", RETURNED: "Returned" },
    box: {
      lg: "Ledger", dd: "Submitted", dc: "Completed drafts", dt: "Saved drafts", dr: "Rejected drafts", dn: "Returned drafts",
      de: "Retrieved drafts", ab: "To approve", ap: "Approval in progress", ac: "Approval completed", ar: "Rejected by me",
      rb: "To receive", rc: "Received", sh: "Shared reading", cc: "CC", oh: "Department help", or: "Department receipts",
    },
  },
  id: {
    header: ["No. dokumen", "Judul", "Formulir", "Pengaju", "Departemen pengaju", "Tanggal diajukan", "Tanggal selesai", "Status"],
    status: { TEMP: "Draf tersimpan", IN_PROGRESS: "Dalam proses", COMPLETED: "Selesai", REJECTED: "Ditolak", RETRIEVED: "Ditarik kembali", RETURNED: "Dikembalikan" },
    box: {
      lg: "Buku register", dd: "Diajukan", dc: "Draf selesai", dt: "Draf tersimpan", dr: "Draf ditolak", dn: "Draf dikembalikan",
      de: "Draf ditarik", ab: "Menunggu persetujuan", ap: "Persetujuan berjalan", ac: "Persetujuan selesai", ar: "Ditolak oleh saya",
      rb: "Menunggu penerimaan", rc: "Diterima", sh: "Baca bersama", cc: "Tembusan", oh: "Bantuan departemen", or: "Penerimaan departemen",
    },
  },
};

export function exportTexts(languageType: string): ExportTexts {
  return EXPORT_TEXTS[(languageType in EXPORT_TEXTS ? languageType : "ko") as ExportLanguage];
}
