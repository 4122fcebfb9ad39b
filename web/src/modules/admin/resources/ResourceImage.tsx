// The resource's image in its dialog: the current one (GET img/{id}) or the file picked, a file picker
// (JPG, PNG, GIF, WebP) and "remove". The bytes are sent when the resource is saved.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminResource } from "@shared/resource/resources.ts";
import { IMAGE_TYPES } from "@shared/resource/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { imageQuery } from "../../resource/queries.ts";

export function ResourceImage({ resource, file, onFile, dropped, onDrop, errorMessage }: {
  resource: AdminResource | null;
  file: File | null;
  onFile(f: File | null): void;
  dropped: boolean;
  onDrop(): void;
  errorMessage?: string;
}) {
  const { t } = useTranslation("admin");
  const id = useId();
  const current = useQuery({ ...imageQuery(resource?.id ?? 0), enabled: !!resource?.hasImage });
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? (!dropped && resource?.hasImage ? current.data : null);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">{t("resources.form.image")}</label>
      <div className="adm-res-image">
        {shown ? <img src={shown} alt={t("resources.form.imageAlt")} /> : <span className="adm-muted">{t("resources.form.noImage")}</span>}
        <div className="adm-res-image-actions">
          <input id={id} type="file" accept={IMAGE_TYPES.join(",")} aria-invalid={errorMessage ? true : undefined}
            onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
          {shown && <Button variant="secondary" onPress={onDrop}>{t("resources.form.removeImage")}</Button>}
        </div>
      </div>
      <span className="field-description">{t("resources.form.imageHint")}</span>
      {errorMessage && <span className="field-error" role="alert">{errorMessage}</span>}
    </div>
  );
}
