/**
 * News tile (000 §2.3): the newest items, one at a time, moving on every 5 s. A visible Pause/Play
 * button stops the rotation; it also holds while the pointer is over the tile or focus is inside it.
 */
import { useState } from 'react';
import { ActionIcon, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { NEWS_ITEMS, NEWS_ROTATE_MS } from '@wayguard/contracts';
import { Link } from 'react-router';
import { useNews } from '../api/news';
import { useRotation } from './use-rotation';

export function NewsTile() {
  const news = useNews();
  const items = (news.data?.items ?? []).slice(0, NEWS_ITEMS);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotation = useRotation(items.length, NEWS_ROTATE_MS, playing && !hovered && !focused);
  const item = items[rotation.index];

  return (
    <Card
      withBorder
      padding="md"
      h="100%"
      component="section"
      aria-roledescription="carousel"
      aria-labelledby="news-title"
      data-testid="news-tile"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" id="news-title">
          News
        </Title>
        {items.length > 1 && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label="Previous news item" onClick={rotation.previous}>
              <IconChevronLeft size={18} aria-hidden="true" />
            </ActionIcon>
            <Button
              variant="light"
              size="compact-sm"
              onClick={() => setPlaying((p) => !p)}
              leftSection={
                playing ? (
                  <IconPlayerPause size={14} aria-hidden="true" />
                ) : (
                  <IconPlayerPlay size={14} aria-hidden="true" />
                )
              }
            >
              {playing ? 'Pause' : 'Play'}
            </Button>
            <ActionIcon variant="subtle" aria-label="Next news item" onClick={rotation.next}>
              <IconChevronRight size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {news.isPending ? (
        <Stack gap="xs">
          <Skeleton height={16} width="60%" />
          <Skeleton height={12} />
          <Skeleton height={12} width="80%" />
        </Stack>
      ) : !item ? (
        <Text size="sm" c="dimmed">
          No news right now.
        </Text>
      ) : (
        // Announced only when the user is driving it, not on every automatic change.
        <div aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
          <div
            role="group"
            aria-roledescription="slide"
            aria-label={`${rotation.index + 1} of ${items.length}`}
            data-testid="news-item"
          >
            <Text fw={600} mb={4}>
              {item.title}
            </Text>
            <Text size="sm" mb="xs">
              {item.body}
            </Text>
            {item.link &&
              (item.link.startsWith('/') && !item.link.startsWith('//') ? (
                <Anchor component={Link} to={item.link} size="sm">
                  Read more
                  <VisuallyHidden> about {item.title}</VisuallyHidden>
                </Anchor>
              ) : (
                <Anchor href={item.link} target="_blank" rel="noopener noreferrer" size="sm">
                  Read more
                  <VisuallyHidden> about {item.title} (opens in a new tab)</VisuallyHidden>
                </Anchor>
              ))}
          </div>
          <Text size="xs" c="dimmed" mt="xs" aria-hidden="true">
            {rotation.index + 1} / {items.length}
          </Text>
        </div>
      )}
    </Card>
  );
}
