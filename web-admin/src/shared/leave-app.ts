/**
 * A full page load to another app on this origin (the customer login, /home): the admin router
 * cannot reach them. The first call wins: once the browser is leaving (a 401 sends it to the
 * login with a notice), the guard seeing the session cleared must not send it elsewhere.
 */
let leaving = false;

export function leaveApp(url: string): void {
  if (leaving) return;
  leaving = true;
  window.location.assign(url);
}

/** For tests, which render the app many times in one page. */
export function resetLeaving(): void {
  leaving = false;
}
