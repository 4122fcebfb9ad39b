// Mail settings, tab 'smart' (000 §3 smartMailbox, classifyPromotion, classifySocial; §9): the smart mailbox
// switch and its two classes, saved with PUT /api/mail/config/smartMailbox. While it is on, the folder pane
// shows the smart mailbox; categorised mail there goes to the trash after SMART_TRASH_DAYS.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SMART_TRASH_DAYS } from "@shared/mail/smart.ts";
import { Switch } from "../../../../ui/Switch.tsx";
import { mailConfigQuery } from "../../queries.ts";
import { useSaveSetting } from "../useSaveSetting.ts";

export function SmartSettings() {
  const { t } = useTranslation("mail");
  const config = useQuery(mailConfigQuery).data;
  const save = useSaveSetting();
  if (!config) return null;
  const put = (values: { smartMailbox?: boolean; classifyPromotion?: boolean; classifySocial?: boolean }) =>
    save.mutate({ setting: "smartMailbox", values });
  return (
    <div className="mail-config-form">
      <p className="spam-muted">{t("spam.smart.hint", { days: SMART_TRASH_DAYS })}</p>
      <div className="mail-config-switches">
        <Switch label={t("spam.smart.on")} isSelected={config.smartMailbox} onChange={(on) => put({ smartMailbox: on })} />
        <Switch label={t("spam.smart.promotion")} description={t("spam.smart.promotionHint")} isSelected={config.classifyPromotion}
          isDisabled={!config.smartMailbox} onChange={(on) => put({ classifyPromotion: on })} />
        <Switch label={t("spam.smart.social")} description={t("spam.smart.socialHint")} isSelected={config.classifySocial}
          isDisabled={!config.smartMailbox} onChange={(on) => put({ classifySocial: on })} />
      </div>
    </div>
  );
}
