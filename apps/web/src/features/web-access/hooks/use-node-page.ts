/**
 * The node of a web-access page, from its address (002 §2.3-2.5, §2.9), and the load-error rule: a
 * page whose node or list cannot be loaded goes to the devices list (a device's pages, as the device
 * layout does) or to /users (a server user's, 002 §8), with the error as a toast.
 */
import { useEffect, useMemo } from 'react';
import { useMatch, useNavigate, useParams } from 'react-router';
import { CORE_MSG } from '@wayguard/contracts';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { loadErrorPath, nodeFromParams, type WebAccessNode } from '../lib/node';

export function useNodeFromAddress(): WebAccessNode | null {
  const { machineId, mobileId, serverUserId } = useParams();
  const onAccountPage = useMatch(`${paths.account.path}/*`) !== null;
  return useMemo(
    () => nodeFromParams({ machineId, mobileId, serverUserId }, onAccountPage),
    [machineId, mobileId, serverUserId, onAccountPage],
  );
}

/** Leaves the page when `error` is set (a load that failed with nothing to show). */
export function useLeaveOnLoadError(node: WebAccessNode | null, error: unknown) {
  const navigate = useNavigate();
  const failed = node === null || Boolean(error);
  useEffect(() => {
    if (!failed) return;
    // A failed call has shown its toast already (the API client); an unusable address has not.
    if (node === null) toast.error(CORE_MSG.notFound);
    navigate(loadErrorPath(node), { replace: true });
  }, [failed, node, error, navigate]);
  return failed;
}
