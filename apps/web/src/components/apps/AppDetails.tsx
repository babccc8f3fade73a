/**
 * An app's accordion (001 §2.4 'App accordion'; 002 §2.6): its icon, its name as a link to its store
 * page (a new tab), and its labelled values (app-fields.ts), from GET /app_requests/app (prefetched on
 * row hover, kept 5 minutes). The caller adds its own values (a request's deny and review reasons).
 */
import { Anchor, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useAppDetail } from '../../api/app-detail';
import { NEW_TAB } from '../../lib/classic-console';
import { webHref } from '../../lib/web-href';
import { DetailList, type DetailField } from '../DetailList';
import { AppIcon } from './AppIcon';
import { appDetailFields } from './app-fields';

type Props = {
  packageName: string;
  /** The row's name of the app, until the details arrive. */
  name: string;
  extra?: readonly DetailField[];
};

export function AppDetails({ packageName, name, extra = [] }: Props) {
  const detail = useAppDetail(packageName);
  if (detail.isPending) return <Skeleton height={120} radius="sm" aria-label={`Loading the details of ${name}`} />;
  if (detail.isError)
    return (
      <Text size="sm" c="red" role="alert">
        The details of {name} could not be loaded.
      </Text>
    );
  const app = detail.data;
  const href = webHref(app.url);
  const title = app.name || name;
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap" data-testid="app-details">
      <AppIcon src={app.image_url} size={64} />
      <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {href ? (
            <Anchor href={href} {...NEW_TAB} inherit>
              {title}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Anchor>
          ) : (
            title
          )}
        </Title>
        <DetailList fields={appDetailFields(app, extra)} labelWidth={150} />
      </Stack>
    </Group>
  );
}
