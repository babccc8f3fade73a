/**
 * /account?add_logo=1 (000 §2.1, §2.6) opens the logo editor, then the parameter leaves the address
 * (replaced, so Back does not reopen it). A user who may not edit the account only loses the parameter.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

export const ADD_LOGO_PARAM = 'add_logo';

export function useAddLogoParam(canEdit: boolean, openEditor: () => void): void {
  const [params, setParams] = useSearchParams();
  const requested = params.get(ADD_LOGO_PARAM) === '1';

  useEffect(() => {
    if (!requested) return;
    if (canEdit) openEditor();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ADD_LOGO_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [requested, canEdit, openEditor, setParams]);
}
