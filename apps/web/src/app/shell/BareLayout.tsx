/** Legal pages render without the app shell (002 §2.1). */
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { Outlet } from 'react-router';
import { PublicLayout } from './PublicLayout';

export default function BareLayout() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
