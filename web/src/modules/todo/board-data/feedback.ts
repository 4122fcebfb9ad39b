// The snackbar of a change the server refused (002 §4: the change is rolled back and the reason shown): the
// todo.* code's text (todoErrors), else the common text of the code or status.
import { codeOf, paramsOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";

export const refusalText = (e: unknown) => errorText(codeOf(e), paramsOf(e));

export function refused(e: unknown) {
  snackbar("ERROR", refusalText(e));
}
