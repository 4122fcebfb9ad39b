// A type's name as the user reads it: built-ins (MEETING_ROOM, CAR, EQUIPMENT) translated, custom ones by their
// name (given, or found in GET types by the code).
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { BUILTIN_RESOURCE_TYPES } from "@shared/resource/constants.ts";
import { typesQuery } from "./queries.ts";

export function useTypeName() {
  const { t } = useTranslation("resource");
  const types = useQuery(typesQuery).data;
  return (ty: { code: string; name: string | null }) =>
    (BUILTIN_RESOURCE_TYPES as readonly string[]).includes(ty.code)
      ? t(`type.${ty.code}`)
      : ty.name ?? types?.find((x) => x.code === ty.code)?.name ?? t("type.custom");
}
