// A tag's colour from TAG_COLORS as a react-aria RadioGroup of swatches: Tab reaches the chosen one, the arrow
// keys move between them; each swatch is named by its colour.
import { useTranslation } from "react-i18next";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { TAG_COLORS } from "@shared/board/constants.ts";

export function ColorPicker({ value, onChange, label }: { value: string; onChange(c: string): void; label: string }) {
  const { t } = useTranslation("board");
  return (
    <RadioGroup className="bdc-colors" value={value} onChange={onChange} orientation="horizontal">
      <Label className="field-label">{label}</Label>
      <div className="bdc-swatches">
        {TAG_COLORS.map((c, i) => (
          <Radio key={c} value={c} className="bdc-swatch" aria-label={t(`config.colors.${i}`)} style={{ background: c }} />
        ))}
      </div>
    </RadioGroup>
  );
}
