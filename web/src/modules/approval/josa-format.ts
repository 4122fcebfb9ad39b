// The i18next format "ro" (josa.ts): "{{box, ro}}" in a Korean text writes the value with 으로/로 after it, so
// the texts of every language keep the same interpolation names. Imported for its effect by the screens whose
// texts use it; i18next is initialised before any screen renders (lib/i18n.ts i18nReady).
import i18next from "i18next";
import { ro } from "./josa.ts";

const register = () => i18next.services.formatter?.add("ro", (value: unknown) => `${value}${ro(String(value))}`);
if (i18next.isInitialized) register();
else i18next.on("initialized", register);
