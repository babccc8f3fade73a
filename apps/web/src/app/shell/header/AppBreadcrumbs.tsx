/** Breadcrumbs derived from the matched routes' handles (000 §2.2). Dashboard always comes first. */
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useMatches } from 'react-router';
import { useCrumbLabels } from '../../../lib/crumb-label';
import { isRouteHandle, type Crumb } from '../../router/route-handle';

export function useCrumbs(): Crumb[] {
  const matches = useMatches();
  const entityLabel = useCrumbLabels();
  const crumbs: Crumb[] = [{ label: 'Dashboard', to: '/' }];
  for (const match of matches) {
    if (!isRouteHandle(match.handle)) continue;
    const { crumb, parents } = match.handle;
    if (parents) crumbs.push(...parents);
    if (crumb)
      crumbs.push({
        label: entityLabel(match.pathname) ?? (typeof crumb === 'function' ? crumb(match.params) : crumb),
        to: match.pathname,
      });
  }
  return crumbs;
}

export function AppBreadcrumbs() {
  const crumbs = useCrumbs();
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden="true" />} separatorMargin={6}>
        {crumbs.map((crumb, i) =>
          i === crumbs.length - 1 ? (
            <Text key={`${crumb.label}-${i}`} size="sm" fw={600} aria-current="page">
              {crumb.label}
            </Text>
          ) : crumb.to ? (
            <Anchor key={`${crumb.label}-${i}`} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={`${crumb.label}-${i}`} size="sm">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
