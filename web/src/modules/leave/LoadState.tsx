// Loading, failed (with the reason and a retry) or nothing: what a screen shows before its data.
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";

export function LoadState({ query, error, empty }: {
  query: { isPending: boolean; isError: boolean; data?: unknown; refetch(): unknown };
  /** The failure's text (default: the module's). */
  error?: string;
  /** Shown when the data is there but empty. */
  empty?: string | false;
}) {
  const { t } = useTranslation("leave");
  if (query.isPending) return <p className="lv-state lv-muted" role="status">{t("loading")}</p>;
  if (query.isError && !query.data) {
    return (
      <div className="lv-state" role="alert">
        <p>{error ?? t("loadError")}</p>
        <Button variant="secondary" onPress={() => void query.refetch()}>{t("retry")}</Button>
      </div>
    );
  }
  return empty ? <p className="lv-state lv-muted">{empty}</p> : null;
}
