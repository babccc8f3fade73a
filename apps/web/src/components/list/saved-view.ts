/**
 * A list's saved view: its address parameters kept in local storage per list and per signed-in user
 * ('wg.list.users.42'), so that opening the list again without parameters brings back that user's last
 * view, and on a shared browser nobody sees another's search (000 §2.7; 001 §9 'Filter state saved in
 * local storage per list').
 */
export function savedViewKey(list: string, userId: string | number | undefined): string {
  return userId === undefined ? `wg.list.${list}` : `wg.list.${list}.${userId}`;
}

export function readSavedView(key: string): URLSearchParams | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : new URLSearchParams(raw);
  } catch {
    return null; // storage blocked: the list simply starts from its defaults
  }
}

export function saveView(key: string, params: URLSearchParams): void {
  try {
    localStorage.setItem(key, params.toString());
  } catch {
    // storage blocked or full: the address still holds the state
  }
}
