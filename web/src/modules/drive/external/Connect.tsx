// The connect screen of /drive/external/{externalType} (001 §2): what connecting gives, and the button that
// opens Google's sign-in in the 512x630 popup; disabled, with a note, until the administrator set it up.
import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { ExternalService } from "@shared/external-services.ts";
import { EXTERNAL_DRIVE_REGISTRATION, type ExternalDriveType } from "@shared/drive/external.ts";
import { api } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { useConnect } from "./connect.ts";
import { EXT_ICONS } from "./icons.tsx";

export function ExternalConnect() {
  const { t } = useTranslation("drive");
  const { externalType } = useParams({ strict: false }) as { externalType: ExternalDriveType };
  const services = useQuery({
    queryKey: ["drive", "external", "services"],
    queryFn: ({ signal }) => api<ExternalService[]>("/api/oauth2/services", { signal }),
    staleTime: 60_000,
  });
  const enabled = !!services.data?.find((s) => s.registrationId === EXTERNAL_DRIVE_REGISTRATION[externalType])?.enabled;
  const { connect, busy } = useConnect(externalType);
  return (
    <section className="dx-connect" aria-labelledby="dx-connect-title">
      <span className="dx-connect-icon"><SvgIcon d={EXT_ICONS.cloud} size={48} /></span>
      <h1 id="dx-connect-title">{t("external.title")}</h1>
      <p>{t("external.intro")}</p>
      {services.isSuccess && !enabled && <p className="dx-note" role="note">{t("external.notConfigured")}</p>}
      <Button onPress={() => void connect()} isDisabled={!enabled || busy}>
        {busy ? t("external.connecting") : t("external.connect")}
      </Button>
    </section>
  );
}
