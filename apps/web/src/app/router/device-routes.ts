/** /devices and the device pages (001 §2, 002 §2.1). */
import type { RouteObject } from 'react-router';
import type { DeviceKind } from '@wayguard/contracts';
import { lazyPage } from './lazy-page';
import { webAccessPages } from './web-access-routes';
import { paths, segment } from '../../lib/paths';
import type { RouteHandle } from './route-handle';

function devicePage(kind: DeviceKind, param: string, label: string): RouteObject {
  const handle: RouteHandle = { crumb: (params) => `${label} ${params[param] ?? ''}`.trim() };
  const webAccess: RouteObject[] = [
    {
      path: 'settings',
      handle: { crumb: 'Settings' },
      lazy: lazyPage(() => import('../../features/devices/routes/DeviceSettingsPage')),
    },
    ...webAccessPages(),
  ];
  const apps: RouteObject[] =
    kind === 'mobile'
      ? [
          {
            path: 'apps',
            handle: { crumb: 'Apps' },
            lazy: lazyPage(() => import('../../features/apps/routes/AppsPage')),
          },
        ]
      : [];
  return {
    path: segment(paths.devices[kind].path, paths.devices.list.path),
    handle,
    // The layout loads the device once for every page below, shows the left menu and names the crumb.
    lazy: lazyPage(() => import('../../features/devices/routes/DeviceLayout')),
    children: [
      { index: true, lazy: lazyPage(() => import('../../features/devices/routes/DeviceInformationPage')) },
      ...webAccess,
      ...apps,
    ],
  };
}

export const deviceRoutes: RouteObject = {
  path: segment(paths.devices.list.path, paths.home.path),
  handle: { crumb: 'Devices' } satisfies RouteHandle,
  children: [
    { index: true, lazy: lazyPage(() => import('../../features/devices/routes/DevicesListPage')) },
    devicePage('machine', 'machineId', 'PC'),
    devicePage('mobile', 'mobileId', 'Mobile device'),
  ],
};
