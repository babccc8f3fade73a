/** Legal pages render without the app shell (002 §2.1). */
import { Outlet } from 'react-router';
import { PublicLayout } from './PublicLayout';

export default function BareLayout() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
