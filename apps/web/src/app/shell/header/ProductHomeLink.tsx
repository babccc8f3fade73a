/** The product's name as the link home, at the start of the shell's header and of the public pages' header. */
import { Anchor } from '@mantine/core';
import { PRODUCT_NAME } from '@wayguard/contracts';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

export function ProductHomeLink() {
  return (
    <Anchor component={Link} to={paths.home.href()} fw={800} size="lg" underline="never" c="var(--mantine-color-text)">
      {PRODUCT_NAME}
    </Anchor>
  );
}
