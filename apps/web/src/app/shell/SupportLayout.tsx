/** /support (Contact Us) is public: inside the shell when signed in, in the bare frame otherwise. */
import { sessionMarker } from '../../lib/session-marker';
import AppLayout from './AppLayout';
import BareLayout from './BareLayout';

export default function SupportLayout() {
  if (sessionMarker.isSet()) return <AppLayout />;
  return <BareLayout />;
}
