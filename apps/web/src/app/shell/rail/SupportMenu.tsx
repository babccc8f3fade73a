/** Support entry of the rail: Contact Us, Feedback and the Agreements accordion (000 §2.2). */
import { IconLifebuoy } from '@tabler/icons-react';
import { RailGroup } from './RailGroup';
import { RailLink } from './RailLink';

export function SupportMenu() {
  return (
    <RailGroup label="Support" icon={<IconLifebuoy size={20} stroke={1.5} />} area="/support">
      <RailLink to="/support" exact={['/support']} label="Contact Us" />
      <RailLink to="/support/feedback" label="Feedback" />
      <RailGroup label="Agreements" area="/support/agreements">
        <RailLink to="/support/agreements/terms" label="Terms of Use" />
        <RailLink to="/support/agreements/license-agreement" label="License Agreement" />
      </RailGroup>
    </RailGroup>
  );
}
