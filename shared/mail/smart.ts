// The smart mailbox (000 §3 config smartMailbox, classifyPromotion, classifySocial; §9 "categorised mail
// auto-trashed after 7 days"). When on, arriving promotion and social mail (each class when enabled; never a
// colleague's mail, never mail an auto-sort rule filed) goes to the system folder SMART with mails.category
// set (server/modules/mail/inbound/smart.ts). The folder tree holds SMART like any system folder; the UI
// shows it only while config.smartMailbox is on. A job moves categorised mail older than SMART_TRASH_DAYS
// from SMART to the trash (prevFolderId kept, category cleared so a restored mail is not trashed again).
//   PUT /api/mail/config/smartMailbox {smartMailbox, classifyPromotion, classifySocial} (shared/mail/config.ts)
export const SMART_CATEGORIES = ["PROMOTION", "SOCIAL"] as const;
export type SmartCategory = (typeof SMART_CATEGORIES)[number];

/** Categorised mail in SMART is moved to the trash after this many days. */
export const SMART_TRASH_DAYS = 7;
/** Mails one run of the clean-up job moves per batch. */
export const SMART_CLEANUP_BATCH = 500;
