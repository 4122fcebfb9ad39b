// The send options under the recipients (000 §3 Compose draft, §5): priority (1-5, "important" = 1), one mail
// per recipient (each-send), a scheduled time (react-aria DatePicker to the minute; checked at send: later than
// now and within 5 years, mail.100) and secure mail (password of 5+ letters and digits without spaces, hint).
import { fromDate, getLocalTimeZone, now, type ZonedDateTime } from "@internationalized/date";
import { useTranslation } from "react-i18next";
import {
  Button as AriaButton, Calendar, CalendarCell, CalendarGrid, DateInput, DatePicker, DateSegment, Dialog, FieldError, Group, Heading,
  Label, Popover,
} from "react-aria-components";
import { SECURE_PASSWORD } from "@shared/mail/compose.ts";
import { RESERVE_MAX_YEARS } from "@shared/mail/constants.ts";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { MailIcon } from "../icons.tsx";
import type { ComposeState } from "./state.ts";

export const PRIORITIES = [1, 2, 3, 4, 5] as const;

/** Send check 1: a scheduled time later than now and within 5 years. */
export function reserveValid(ms: number | null, nowMs = Date.now()): boolean {
  if (!ms) return false;
  const limit = new Date(nowMs);
  limit.setFullYear(limit.getFullYear() + RESERVE_MAX_YEARS);
  return ms > nowMs && ms <= limit.getTime();
}

export const securePasswordValid = (pw: string) => SECURE_PASSWORD.test(pw);

export function ComposeOptions({ s, set, toMe, showErrors }: {
  s: ComposeState;
  set(patch: Partial<ComposeState>): void;
  toMe: boolean;
  /** After a send attempt: show the field errors. */
  showErrors: boolean;
}) {
  const { t } = useTranslation("mail");
  const tz = getLocalTimeZone();
  const value: ZonedDateTime | null = s.reserveDate ? fromDate(new Date(s.reserveDate), tz) : null;
  const external = s.senderType === "EXTERNAL";

  return (
    <div className="cmp-options">
      <div className="cmp-options-row">
        <Checkbox isSelected={s.priority === 1} onChange={(on) => set({ priority: on ? 1 : 3 })}>
          <MailIcon name="flag" size={16} /> {t("compose.important")}
        </Checkbox>
        <div className="cmp-priority">
          <SelectField label={t("compose.priority")} value={String(s.priority)} onChange={(v) => set({ priority: Number(v) })}
            options={PRIORITIES.map((p) => ({ id: String(p), label: t(`compose.priorityLevel.${p}`) }))} />
        </div>
        {!toMe && (
          <Checkbox isSelected={s.eachSend} onChange={(on) => set({ eachSend: on })}>{t("compose.eachSend")}</Checkbox>
        )}
        {!external && (
          <Checkbox isSelected={s.isReserve} onChange={(on) => set({ isReserve: on, reserveDate: on ? s.reserveDate ?? defaultReserve() : s.reserveDate })}>
            <MailIcon name="clock" size={16} /> {t("compose.schedule")}
          </Checkbox>
        )}
        <Checkbox isSelected={s.isSecure} onChange={(on) => set({ isSecure: on })}>
          <MailIcon name="lock" size={16} /> {t("compose.secure")}
        </Checkbox>
      </div>
      {s.isReserve && !external && (
        <DatePicker className="field cmp-date" granularity="minute" hourCycle={24} value={value} shouldForceLeadingZeros
          onChange={(v) => set({ reserveDate: v ? v.toDate().getTime() : null })}
          minValue={now(tz)} isInvalid={showErrors && !reserveValid(s.reserveDate)}>
          <Label className="field-label">{t("compose.scheduleAt")}</Label>
          <Group className="field-input cmp-date-group">
            <DateInput className="cmp-date-input">{(seg) => <DateSegment segment={seg} className="cmp-date-seg" />}</DateInput>
            <AriaButton className="icon-button cmp-small" aria-label={t("compose.openCalendar")}><MailIcon name="chevronDown" size={16} /></AriaButton>
          </Group>
          <FieldError className="field-error">{t("compose.scheduleInvalid")}</FieldError>
          <Popover className="menu-popover cmp-cal-popover">
            <Dialog className="cmp-cal-dialog">
              <Calendar className="cmp-cal">
                <header className="cmp-cal-head">
                  <AriaButton slot="previous" className="icon-button cmp-small"><MailIcon name="chevronLeft" size={16} /></AriaButton>
                  <Heading className="cmp-cal-title" />
                  <AriaButton slot="next" className="icon-button cmp-small"><MailIcon name="chevronRight" size={16} /></AriaButton>
                </header>
                <CalendarGrid className="cmp-cal-grid">{(date) => <CalendarCell date={date} className="cmp-cal-cell" />}</CalendarGrid>
              </Calendar>
            </Dialog>
          </Popover>
        </DatePicker>
      )}
      {s.isSecure && (
        <div className="cmp-secure">
          <TextField label={t("compose.securePassword")} type="password" value={s.securePw} onChange={(v) => set({ securePw: v })}
            autoComplete="new-password" description={t("compose.securePasswordRule")}
            errorMessage={showErrors && !securePasswordValid(s.securePw) ? t("compose.securePasswordInvalid") : undefined} />
          <TextField label={t("compose.secureHint")} value={s.securePwHint} onChange={(v) => set({ securePwHint: v })} maxLength={200} />
        </div>
      )}
    </div>
  );
}

/** The first proposal of a scheduled time: the next full hour. */
function defaultReserve(): number {
  const d = new Date();
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return d.getTime();
}
