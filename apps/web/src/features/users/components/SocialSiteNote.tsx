/**
 * Under a Social Media Options switch (issue 26): what decides the site for this user. On, the option
 * blocks it; off, the web-access rules decide, and the note says what they decide now and why (the
 * resolver's explanation, as the web-access rows show it).
 */
import { Text } from '@mantine/core';
import { SOCIAL_SITES, socialSiteNote, type SocialOptionKey } from '@wayguard/contracts';
import { useWebsiteDecision } from '../../../api/website-test';

export function SocialSiteNote({ userId, option, on }: { userId: number; option: SocialOptionKey; on: boolean }) {
  const site = SOCIAL_SITES[option];
  const decision = useWebsiteDecision({ type: 'server_user', id: String(userId) }, site.url, !on);
  return (
    <Text size="xs" c="dimmed" data-testid={`social-note-${option}`}>
      {socialSiteNote(site.name, on, on ? null : (decision.data ?? null))}
    </Text>
  );
}
