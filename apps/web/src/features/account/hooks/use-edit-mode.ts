/**
 * View/edit toggle of a card (000 §4.6). Leaving edit mode puts the focus back on the card's Edit
 * button, so keyboard and screen-reader users are not dropped at the top of the page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useEditMode() {
  const [editing, setEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButtonRef.current?.focus();
  }, [editing]);

  const start = useCallback(() => setEditing(true), []);
  const stop = useCallback(() => {
    refocus.current = true;
    setEditing(false);
  }, []);

  return { editing, start, stop, editButtonRef };
}
