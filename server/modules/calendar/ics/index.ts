// The calendar's iCalendar library (issue 23): pure functions over calendar object texts, no database and no
// HTTP. Import (import.ts), query fields (fields.ts), export (export.ts), time zones (timezones.ts), iTIP
// messages (itip.ts, itip-parse.ts) and iMIP mails (imip.ts). Types and limits: types.ts.
export * from "./types.ts";
export { parseIcsFile, type ImportOptions } from "./import.ts";
export { extractEvent, type FieldOptions, MAX_EXPANSION } from "./fields.ts";
export { ensureTimezones, exportCalendar, exportEvent, type ExportOptions } from "./export.ts";
export { DEFAULT_TIMEZONE, icalZone, isIanaZone, resolveTzid, vtimezoneFor } from "./timezones.ts";
export {
  buildCancel, buildDeclineCounter, buildReply, buildRequest, type CancelOptions, isSignificantChange, ITIP_METHODS,
  type ItipMethod, itipRecipients, type ReplyOptions, type RequestOptions, withNextSequence,
} from "./itip.ts";
export { counterProposal, type ItipComponent, type ItipMessage, parseItip } from "./itip-parse.ts";
export {
  acceptCounter, applyCancel, applyReply, applyRequest, type PartStatResult, type RequestResult, setPartStat,
} from "./itip-apply.ts";
export { buildImipMessage, IMIP_LABELS, type ImipInput, type ImipLabels, imipText } from "./imip.ts";
export { occurrenceId } from "./occurrence.ts";
