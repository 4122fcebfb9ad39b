// A success message of an earlier application ("휴가를 신청했습니다", from this form's screen or the calendar's
// event dialog) must not stay on screen while the next application is being filled in or shows its error.
// The shell's snackbar (app/feedback/snackbar.tsx) offers no call to dismiss a message, so this closes the shown
// success messages through their own close buttons, as the user would. Errors and other messages stay.
export function dismissSuccessMessages() {
  for (const b of document.querySelectorAll<HTMLButtonElement>(".snackbar-region .snack-success .snack-close")) b.click();
}
