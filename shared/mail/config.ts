// Mail config (000 §3 "Mail config"; §7 "Mail settings" Config): one record per user, every field with a
// default, so a user who never opened the settings gets the defaults below. The spec gives the fields and
// the groups they are saved in; the paths of the single-setting calls are "not shown", designed here:
//
//   GET /api/mail/config                         → MailConfig (stored values over MAIL_CONFIG_DEFAULTS)
//   PUT /api/mail/config/{setting}  (JSON or form) one setting or group, answers the whole MailConfig:
//     firstScreen {firstScreenFolderId} · pageSize {pageSize} · autoSave {autoSave}
//     splitView {splitView, showFirstMail?} · groupView {groupView} · useTab {useTab}
//     popupRead {popupRead} · popupWrite {popupWrite}
//     list  {the LIST_GROUP fields, any subset} · write {WRITE_GROUP} · pop3 {POP3_GROUP} · smartMailbox {SMART_GROUP}
//   Errors: 400 mail.423 (a value out of range; the UI shows mail.423 "failed", mail.422 on success).
import { z } from "zod";
import { DEFAULT_MAIL_PAGE_SIZE, MAX_MAIL_PAGE_SIZE } from "./constants.ts";

/** Auto-save choices (000 §9): none, 30 s, 1, 3, 5 minutes, in seconds. */
export const AUTO_SAVE_CHOICES = [0, 30, 60, 180, 300] as const;
/** Page sizes the list settings offer. */
export const PAGE_SIZE_CHOICES = [10, 20, 30, 50, 100] as const;
/** includeMe: 0 off, 1 the sender is added to Cc, 2 to Bcc (000 §3: "1 adds self to cc, otherwise bcc"). */
export const INCLUDE_ME = { OFF: 0, CC: 1, BCC: 2 } as const;
export const DEFAULT_FONT_SIZE_PT = 14;
export const SUBJECT_FIRSTS_MAX = 5;

export interface MailConfig {
  pageSize: number;
  /** The folder `mail` opens: a folder id, a virtual id, or null for the inbox. */
  firstScreenFolderId: number | string | null;
  splitView: boolean;
  /** With split view: open the first mail of the list at once. */
  showFirstMail: boolean;
  groupView: boolean;
  useTab: boolean;
  popupRead: boolean;
  popupWrite: boolean;
  folderExpand: boolean;
  quickMenu: boolean;
  useTag: boolean;
  useSearchFolder: boolean;
  useShareFolder: boolean;
  autoTagging: boolean;
  /** How words of a subject search combine. */
  subjectSearchOperator: "AND" | "OR";
  useSubjectFirst: boolean;
  /** Subject prefixes offered in compose (at most SUBJECT_FIRSTS_MAX). */
  subjectFirsts: string[];
  subjectPrefix: string;
  useSubjectEmoji: boolean;
  senderNames: string[];
  defaultSenderName: string;
  /** INCLUDE_ME */
  includeMe: 0 | 1 | 2;
  includeMeEmail: string;
  draftReuse: boolean;
  /** Seconds, one of AUTO_SAVE_CHOICES; 0 = no auto-save. */
  autoSave: number;
  previewBeforeSend: boolean;
  initFontStyle: string;
  /** Points. */
  initFontSize: number;
  /** Subject template: {company} {account} {organization} {subject} {date} (YYYY-MM-DD); empty = none. */
  subjectFormat: string;
  pop3Flag: boolean;
  pop3FetchRange: "ALL" | "NEW";
  pop3ReadMark: boolean;
  pop3Del: boolean;
  saveSentMail: boolean;
  clientProtocolType: "IMAP" | "POP3";
  imapMessageMaxLimit: number;
  smartMailbox: boolean;
  classifyPromotion: boolean;
  classifySocial: boolean;
}

export const MAIL_CONFIG_DEFAULTS: MailConfig = {
  pageSize: DEFAULT_MAIL_PAGE_SIZE,
  firstScreenFolderId: null,
  splitView: false,
  showFirstMail: false,
  groupView: false,
  useTab: false,
  popupRead: false,
  popupWrite: false,
  folderExpand: true,
  quickMenu: true,
  useTag: true,
  useSearchFolder: true,
  useShareFolder: true,
  autoTagging: false,
  subjectSearchOperator: "AND",
  useSubjectFirst: false,
  subjectFirsts: [],
  subjectPrefix: "",
  useSubjectEmoji: false,
  senderNames: [],
  defaultSenderName: "",
  includeMe: 0,
  includeMeEmail: "",
  draftReuse: false,
  autoSave: 60,
  previewBeforeSend: false,
  initFontStyle: "",
  initFontSize: DEFAULT_FONT_SIZE_PT,
  subjectFormat: "",
  pop3Flag: false,
  pop3FetchRange: "NEW",
  pop3ReadMark: false,
  pop3Del: false,
  saveSentMail: true,
  clientProtocolType: "IMAP",
  imapMessageMaxLimit: 1000,
  smartMailbox: false,
  classifyPromotion: false,
  classifySocial: false,
};

/** mail.422 "saved" is a success text of the UI (mail:config), not an error. */
export const CONFIG_ERROR_MESSAGES = {
  "mail.423": "The mail settings could not be saved.",
  "mail.config_setting_unknown": "This mail setting does not exist.",
} as const;

// ---- validation ------------------------------------------------------------------------------------------

const E = "mail.423";
const bool = z.union([z.boolean(), z.enum(["true", "false", "1", "0"]), z.literal(1), z.literal(0)], { message: E })
  .transform((v) => v === true || v === "true" || v === "1" || v === 1);
const int = (min: number, max: number) => z.coerce.number({ message: E }).int(E).min(min, E).max(max, E);
const text = (max: number) => z.string({ message: E }).trim().max(max, E);
const list = (max: number, each: number) =>
  z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(text(each), { message: E }).max(max, E));

export const configFields = {
  pageSize: int(1, MAX_MAIL_PAGE_SIZE),
  firstScreenFolderId: z.union([
    z.null(),
    z.literal("").transform(() => null),
    z.coerce.number({ message: E }).int(E),
    z.string().trim().regex(/^(?:all|t_[\p{L}\p{N}_]{1,20})$/u, E),
  ], { message: E }),
  splitView: bool,
  showFirstMail: bool,
  groupView: bool,
  useTab: bool,
  popupRead: bool,
  popupWrite: bool,
  folderExpand: bool,
  quickMenu: bool,
  useTag: bool,
  useSearchFolder: bool,
  useShareFolder: bool,
  autoTagging: bool,
  subjectSearchOperator: z.enum(["AND", "OR"], { message: E }),
  useSubjectFirst: bool,
  subjectFirsts: list(SUBJECT_FIRSTS_MAX, 20),
  subjectPrefix: text(40),
  useSubjectEmoji: bool,
  senderNames: list(10, 100),
  defaultSenderName: text(100),
  includeMe: z.coerce.number({ message: E }).pipe(z.union([z.literal(0), z.literal(1), z.literal(2)], { message: E })),
  includeMeEmail: text(320),
  draftReuse: bool,
  autoSave: z.coerce.number({ message: E }).refine((n) => (AUTO_SAVE_CHOICES as readonly number[]).includes(n), E),
  previewBeforeSend: bool,
  initFontStyle: text(100),
  initFontSize: int(8, 72),
  subjectFormat: text(200),
  pop3Flag: bool,
  pop3FetchRange: z.enum(["ALL", "NEW"], { message: E }),
  pop3ReadMark: bool,
  pop3Del: bool,
  saveSentMail: bool,
  clientProtocolType: z.enum(["IMAP", "POP3"], { message: E }),
  imapMessageMaxLimit: int(1, 1000),
  smartMailbox: bool,
  classifyPromotion: bool,
  classifySocial: bool,
} satisfies Record<keyof MailConfig, z.ZodType>;

type Field = keyof MailConfig;
const LIST_GROUP: Field[] = ["pageSize", "splitView", "showFirstMail", "groupView", "useTab", "popupRead", "folderExpand",
  "quickMenu", "useTag", "useSearchFolder", "useShareFolder", "autoTagging", "subjectSearchOperator"];
const WRITE_GROUP: Field[] = ["popupWrite", "useSubjectFirst", "subjectFirsts", "subjectPrefix", "useSubjectEmoji", "senderNames",
  "defaultSenderName", "includeMe", "includeMeEmail", "draftReuse", "autoSave", "previewBeforeSend", "initFontStyle",
  "initFontSize", "subjectFormat", "saveSentMail"];
const POP3_GROUP: Field[] = ["pop3Flag", "pop3FetchRange", "pop3ReadMark", "pop3Del", "clientProtocolType", "imapMessageMaxLimit"];
const SMART_GROUP: Field[] = ["smartMailbox", "classifyPromotion", "classifySocial"];

function group(fields: Field[], required: Field[] = []) {
  const shape = Object.fromEntries(fields.map((f) => [f, required.includes(f) ? configFields[f] : configFields[f].optional()]));
  return z.object(shape, { message: E }).strip();
}

/** PUT /api/mail/config/{setting}: which fields each setting takes (required ones first). */
export const CONFIG_SETTINGS = {
  firstScreen: group(["firstScreenFolderId"], ["firstScreenFolderId"]),
  pageSize: group(["pageSize"], ["pageSize"]),
  autoSave: group(["autoSave"], ["autoSave"]),
  splitView: group(["splitView", "showFirstMail"], ["splitView"]),
  groupView: group(["groupView"], ["groupView"]),
  useTab: group(["useTab"], ["useTab"]),
  popupRead: group(["popupRead"], ["popupRead"]),
  popupWrite: group(["popupWrite"], ["popupWrite"]),
  list: group(LIST_GROUP),
  write: group(WRITE_GROUP),
  pop3: group(POP3_GROUP),
  smartMailbox: group(SMART_GROUP),
} as const;
export type ConfigSetting = keyof typeof CONFIG_SETTINGS;
