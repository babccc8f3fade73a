/** Support entry of the rail: Contact Us, Feedback and the Agreements accordion (000 §2.2). */
import { IconLifebuoy } from '@tabler/icons-react';
import { RailGroup } from './RailGroup';
import { RailLink } from './RailLink';
import { paths } from '../../../lib/paths';

export function SupportMenu() {
  return (
    <RailGroup label="Support" icon={<IconLifebuoy size={20} stroke={1.5} />} area="/support">
      <RailLink to={paths.support.contact.href()} exact={[paths.support.contact.path]} label="Contact Us" />
      <RailLink to={paths.support.feedback.href()} label="Feedback" />
      <RailGroup label="Agreements" area="/support/agreements">
        <RailLink to={paths.support.terms.href()} label="Terms of Use" />
        <RailLink to={paths.support.licenseAgreement.href()} label="License Agreement" />
      </RailGroup>
    </RailGroup>
  );
}
