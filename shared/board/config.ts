// The caller's board config (001 §3 "Board config"), the company's tags, and mail to a board. Calls:
//
//   GET    /api/board/config                       BoardConfig (tags, page sizes, viewType, hidden, digest)
//   PUT    /api/board/config                       configBody → 200 BoardConfig
//   POST   /api/board/config/tag                   tagBody → 201 BoardTag (409 board.tag_exists, board.tags_max)
//   PUT    /api/board/config/tag/{tagId}           tagBody → 200 BoardTag (its creator or a company admin)
//   DELETE /api/board/config/tag/{tagId}           200 (its creator or a company admin; posts lose the tag)
//   GET    /api/board/{id}/mail                    BoardMail: the address and the filters (MANAGE)
//   PUT    /api/board/{id}/mail/address            { localPart | null } → 200 BoardMail (409 board.address_taken)
//   POST   /api/board/{id}/mail/filter             mailFilterBody → 201 MailFilter (MANAGE; board.filters_max)
//   DELETE /api/board/{id}/mail/filter/{filterId}  200
//   GET    /api/mails/share/board/form/{mailId}?includeAttach   MailPostForm: a mail of the caller's as a post
//            draft (title, sanitised content, and with includeAttach its attachments as uploaded board files)
//
// Mail to a board: a message to the board's address becomes a post when its sender is a member who may write
// on the board, or matches one of the board's IN filters (ADDRESS: the whole address; DOMAIN: the domain or
// a sub-domain); others are dropped (logged). OUT filters archive correspondence: a mail a member of the board
// sends through this server to a recipient matching an OUT filter is copied to the board as that member's
// post. Posts from mail carry mailFrom; their attachments become the post's files (the first FILES_PER_POST).
import { z } from "zod";
import {
  MAIL_CLASSIFIERS, MAIL_DIRECTIONS, MAIL_LOCAL_PART, PAGE_SIZE_MAX, TAG_NAME_MAX, VIEW_TYPES,
} from "./constants.ts";
import type { MailClassifier, MailDirection, ViewType } from "./constants.ts";
import type { HiddenBoard } from "./boards.ts";
import type { BoardFile } from "./posts.ts";

export interface BoardTag {
  id: number;
  name: string;
  color: string;
  /** The caller may rename, recolour or delete it. */
  editable: boolean;
}

export interface BoardConfig {
  tags: BoardTag[];
  postPageSize: number;
  replyPageSize: number;
  viewType: ViewType;
  hiddenBoards: HiddenBoard[];
  /** A daily digest mail of what happened in the caller's boards. */
  digest: boolean;
  /** The company's board config: days a post stays in trash (deletedPostMaxDuration). */
  deletedPostMaxDuration: number;
}

export const configBody = z.object({
  postPageSize: z.number().int().min(5).max(PAGE_SIZE_MAX).optional(),
  replyPageSize: z.number().int().min(5).max(PAGE_SIZE_MAX).optional(),
  viewType: z.enum(VIEW_TYPES).optional(),
  digest: z.boolean().optional(),
});

export const tagBody = z.object({
  name: z.string().trim().min(1).max(TAG_NAME_MAX),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});

export interface MailFilter {
  id: number;
  direction: MailDirection;
  classifier: MailClassifier;
  content: string;
  createdBy: string;
  createdTimeMillis: number;
}

export interface BoardMail {
  boardId: number;
  /** The full address, null when the board has none. */
  address: string | null;
  localPart: string | null;
  /** The domain the address is on (the company's first domain), null when the company has none. */
  domain: string | null;
  filters: MailFilter[];
}

export const mailAddressBody = z.object({
  localPart: z.string().trim().toLowerCase().regex(MAIL_LOCAL_PART).nullable(),
});

const domain = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const address = /^[^\s@<>()",;:]{1,64}@(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** 001 §5: a classifier is required, the content too, and an address must be well formed. */
export const mailFilterBody = z.object({
  direction: z.enum(MAIL_DIRECTIONS),
  classifier: z.enum(MAIL_CLASSIFIERS),
  content: z.string().trim().toLowerCase().min(1).max(254),
}).superRefine((v, ctx) => {
  const ok = v.classifier === "ADDRESS" ? address.test(v.content) : domain.test(v.content.replace(/^@/, ""));
  if (!ok) ctx.addIssue({ code: "custom", path: ["content"], message: "filter address format" });
});

export const mailFormQuery = z.object({ includeAttach: z.enum(["true", "false"]).default("false") });

export interface MailPostForm {
  title: string;
  content: string;
  files: BoardFile[];
  /** Attachments left out: past FILES_PER_POST or FILE_MAX_BYTES. */
  skippedFiles: string[];
}
