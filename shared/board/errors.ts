// Error codes of the boards (001 §8 "Boards"; the spec's keys where it gives them, board.<reason> otherwise).
// Bad input (a required name, description, title, content or URL; a malformed URL or filter address; a
// missing classifier) answers 400 common.validation with the fields in errors[].
export const BOARD_ERRORS = {
  /** 403: the company has boards switched off (companies.use_board). */
  disabled: "board.disabled",
  /** 404: a board that does not exist, is another company's, or was deleted (for callers who cannot restore it).
   *  403: a board call the caller's privilege does not allow (001 §6: "A 403 on board calls shows board.8"). */
  board: "board.8",
  /** 403: the post list (or a post) of a board the caller may not read (001 §8: "post list 403 board.18"). */
  postList: "board.18",
  /** 403 on adding a board: the free plan's 5 boards are used (001 §5, §8 "add: 403 board.165"). */
  capacity: "board.165",
  /** 400: more than 10 files on a post (001 §5). */
  tooManyFiles: "board.17",
  /** 413: a file over FILE_MAX_BYTES (params.size); 507: the uploader's storage is full (001 §8 "507 board.124"). */
  fileTooLarge: "board.123",
  insufficientSpace: "board.124",
  postNotFound: "board.post_not_found",
  replyNotFound: "board.reply_not_found",
  fileNotFound: "board.file_not_found",
  tagNotFound: "board.tag_not_found",
  filterNotFound: "board.filter_not_found",
  mailNotFound: "board.mail_not_found",
  /** 409: restore of a board that is not deleted; past RESTORE_DAYS; its parent still deleted. */
  notDeleted: "board.not_deleted",
  restoreExpired: "board.restore_expired",
  parentDeleted: "board.parent_deleted",
  /** 409: a board with sub-boards cannot change visibility (001 §5). */
  visibilityLocked: "board.visibility_locked",
  /** 409: a member (user or organisation) listed twice (001 §5: "a member cannot be added twice"). */
  memberDuplicate: "board.member_duplicate",
  /** 409: a board moved under itself or its own sub-board, or deeper than BOARD_DEPTH_MAX; a post moved to a group. */
  moveInvalid: "board.move_invalid",
  /** 409: a post action that needs the post in trash (restore, forever) or out of it. */
  notInTrash: "board.not_in_trash",
  inTrash: "board.in_trash",
  /** 409: a tag name used already; too many tags. */
  tagExists: "board.tag_exists",
  tagsMax: "board.tags_max",
  /** 409: the board mail address is another board's, a user's, an alias or an organisation's. */
  addressTaken: "board.address_taken",
  filtersMax: "board.filters_max",
  /** 409: the board has a mail filter of the same direction, classifier and content already. */
  filterExists: "board.filter_exists",
  /** 400: a search with no tags and a keyword shorter than 1 or longer than 50 characters. */
  keywordInvalid: "board.keyword_invalid",
  /** 409: a must-read reminder within REMIND_INTERVAL_MS of the last one (params.nextTimeMillis); a reminder of
   *  a post that is not must-read. */
  remindTooSoon: "board.remind_too_soon",
  notMustRead: "board.not_must_read",
  /** og: 400 not an http(s) URL; 400 the host resolves to a private address; 502 the page could not be read. */
  ogUrlInvalid: "board.og_url_invalid",
  ogForbidden: "board.og_forbidden",
  ogUnreachable: "board.og_unreachable",
} as const;
export type BoardErrorCode = (typeof BOARD_ERRORS)[keyof typeof BOARD_ERRORS];
