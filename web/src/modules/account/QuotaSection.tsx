// The mailbox quota (GET /api/users/quota) as a meter: under 70% blue, 70-89% orange, 90% and above red
// (000 §9). With `focus` (the goQuota flag) the section scrolls into view and takes the focus.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Label, Meter } from "react-aria-components";
import { quotaColor } from "@shared/users.ts";
import { quotaQuery } from "../../app/queries.ts";
import { Button } from "../../ui/Button.tsx";
import { errorOf } from "./api.ts";
import { Section, useFormats } from "./parts.tsx";

export function QuotaSection({ focus }: { focus: boolean }) {
  const { t } = useTranslation("account");
  const f = useFormats();
  const quota = useQuery(quotaQuery);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focus || !quota.data) return;
    const el = heading.current;
    if (!el) return;
    el.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    el.focus({ preventScroll: true });
  }, [focus, !!quota.data]);

  const q = quota.data;
  const ratio = q ? (q.totalQuota > 0 ? Math.min(q.usedSize / q.totalQuota, 1) : 1) : 0;
  const color = q ? quotaColor(q.usedSize, q.totalQuota) : "blue";

  return (
    <Section id="quota" title={t("quota.title")} headingRef={heading} description={t("quota.description")}>
      {quota.isError && (
        <div className="acc-inline-error" role="alert">
          {errorOf(quota.error)} <Button variant="ghost" onPress={() => void quota.refetch()}>{t("retry")}</Button>
        </div>
      )}
      {!q && !quota.isError && <p className="acc-muted">{t("loadingShort")}</p>}
      {q && (
        <Meter value={ratio * 100} className={`acc-quota acc-quota-${color}`}
          valueLabel={t("quota.value", { used: f.bytes(q.usedSize), total: f.bytes(q.totalQuota), percent: f.percent(ratio) })}>
          {({ percentage, valueText }) => (
            <>
              <div className="acc-quota-labels">
                <Label>{t("quota.label")}</Label>
                <span className="acc-quota-value">{valueText}</span>
              </div>
              <div className="acc-quota-track" aria-hidden="true">
                <div className="acc-quota-fill" style={{ width: `${Math.max(percentage, q.usedSize > 0 ? 1 : 0)}%` }} />
              </div>
              {color !== "blue" && (
                <p className={`acc-quota-note acc-quota-note-${color}`}>{t(color === "red" ? "quota.almostFull" : "quota.filling")}</p>
              )}
            </>
          )}
        </Meter>
      )}
    </Section>
  );
}
