// Loading, failed (with the reason, and a retry unless trying again cannot help: not allowed, not found) or
// nothing: what a screen shows before its data.
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api.ts";
import { Button } from "../../ui/Button.tsx";

export function LoadState({ query, error, empty }: {
  query: { isPending: boolean; isError: boolean; error?: unknown; data?: unknown; refetch(): unknown };
  /** The failure's text (default: the module's). */
  error?: string;
  /** Shown when the data is there but empty. */
  empty?: string | false;
}) {
  const { t } = useTranslation("leave");
  if (query.isPending) return <p className="lv-state lv-muted" role="status">{t("loading")}</p>;
  if (query.isError && !query.data) {
    const final = query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404);
    return (
      <div className="lv-state" role="alert">
        <p>{error ?? t("loadError")}</p>
        {!final && <Button variant="secondary" onPress={() => void query.refetch()}>{t("retry")}</Button>}
      </div>
    );
  }
  return empty ? <p className="lv-state lv-muted">{empty}</p> : null;
}
