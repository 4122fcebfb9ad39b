// The texts of the leave reports in the caller's language (ko, the default and fallback; en; id): sheet and
// file names, the title, column headers, units and statuses.
import type { LeaveStatus, LeaveUnit } from "../../../../shared/leave/constants.ts";

export interface ReportTexts {
  ledgerTitle: string;
  ledgerSheet: string;
  ledgerFile: string;
  ledgerHeader: [string, string, string, string, string, string, string, string, string];
  /** The month columns' header: "2026-01" → "2026년 1월". */
  month: (year: number, month: number) => string;
  usageTitle: string;
  usageSheet: string;
  usageFile: string;
  usageHeader: [string, string, string, string, string, string, string, string, string];
  period: string;
  unit: Record<LeaveUnit, string>;
  status: Record<LeaveStatus, string>;
}

const EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ID_MONTHS = ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"];

const TEXTS: Record<"ko" | "en" | "id", ReportTexts> = {
  ko: {
    ledgerTitle: "연차휴가대장",
    ledgerSheet: "연차휴가대장",
    ledgerFile: "연차휴가대장",
    ledgerHeader: ["부서", "성명", "입사일", "근속연수", "발생", "이월", "사용", "잔여", "소멸"],
    month: (y, m) => `${y}년 ${m}월`,
    usageTitle: "휴가 사용 내역",
    usageSheet: "휴가 사용 내역",
    usageFile: "휴가사용내역",
    usageHeader: ["성명", "부서", "휴가 종류", "시작", "종료", "단위", "일수", "상태", "승인자"],
    period: "기간",
    unit: { FULL_DAY: "종일", HALF_DAY: "반차", QUARTER_DAY: "반반차", ONE_HOUR: "시간" },
    status: { PENDING: "대기", APPROVED: "승인", REJECTED: "반려" },
  },
  en: {
    ledgerTitle: "Annual leave ledger",
    ledgerSheet: "Annual leave ledger",
    ledgerFile: "annual-leave-ledger",
    ledgerHeader: ["Department", "Name", "Hire date", "Years of service", "Granted", "Carried over", "Used", "Remaining", "Expired"],
    month: (y, m) => `${EN_MONTHS[m - 1]} ${y}`,
    usageTitle: "Leave usage report",
    usageSheet: "Leave usage",
    usageFile: "leave-usage",
    usageHeader: ["Name", "Department", "Leave type", "Start", "End", "Unit", "Days", "Status", "Approver"],
    period: "Period",
    unit: { FULL_DAY: "Full day", HALF_DAY: "Half day", QUARTER_DAY: "Quarter day", ONE_HOUR: "Hour" },
    status: { PENDING: "Pending", APPROVED: "Approved", REJECTED: "Rejected" },
  },
  id: {
    ledgerTitle: "Buku cuti tahunan",
    ledgerSheet: "Buku cuti tahunan",
    ledgerFile: "buku-cuti-tahunan",
    ledgerHeader: ["Departemen", "Nama", "Tanggal masuk", "Masa kerja (tahun)", "Diberikan", "Dibawa", "Dipakai", "Sisa", "Hangus"],
    month: (y, m) => `${ID_MONTHS[m - 1]} ${y}`,
    usageTitle: "Laporan penggunaan cuti",
    usageSheet: "Penggunaan cuti",
    usageFile: "penggunaan-cuti",
    usageHeader: ["Nama", "Departemen", "Jenis cuti", "Mulai", "Selesai", "Satuan", "Hari", "Status", "Penyetuju"],
    period: "Periode",
    unit: { FULL_DAY: "Sehari penuh", HALF_DAY: "Setengah hari", QUARTER_DAY: "Seperempat hari", ONE_HOUR: "Jam" },
    status: { PENDING: "Menunggu", APPROVED: "Disetujui", REJECTED: "Ditolak" },
  },
};

export function reportTexts(language: string): ReportTexts {
  return TEXTS[language as keyof typeof TEXTS] ?? TEXTS.ko;
}
