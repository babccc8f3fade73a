/**
 * Where keyboard focus goes when the control that was used disappears with the change it made
 * (Reactivate removes its banner, Deactivate leaves Settings): the user's page heading.
 */
export const USER_HEADING_ID = 'user-page-heading';

const RETRY_MS = 50;
const MAX_TRIES = 40;

export function focusUserHeading(): void {
  let tries = 0;
  const attempt = () => {
    const heading = document.getElementById(USER_HEADING_ID);
    // Once the page has settled: the heading is (back) in place and the dialog has gone with its own focus return.
    if (heading && !document.querySelector('[role="dialog"]')) heading.focus();
    else if (++tries < MAX_TRIES) window.setTimeout(attempt, RETRY_MS);
  };
  window.setTimeout(attempt, 0);
}
