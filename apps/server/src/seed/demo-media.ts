/**
 * The demo's media items (kind 'media'; 002 §2.5 and §3 'Media info'): videos, channels, albums and
 * Pro pages of video services, groups, accounts, reviews and pages of social sites, in every media
 * type of contracts MEDIA_TYPE_GROUPS. Items are pages of real services; the few famous videos carry
 * their real ids and titles, the other ids and names are illustrative.
 *
 * Thumbnails are small SVG pictures made here as data: URLs, never remote images: the console works
 * offline, and its Content-Security-Policy (plugins/security-headers.ts) allows images from 'self',
 * data: and blob: only. Some items have none, so the page shows 'No preview available'.
 */
import { CATEGORIES, MEDIA_TYPE_GROUPS, splitUrl, type MediaType } from '@wayguard/contracts';
import type { WebsiteInsert } from './web-catalogue.js';

export type DemoMedia = {
  url: string;
  title: string;
  mediaType: MediaType;
  categoryKey: string;
  description: string;
  referer: string | null;
  /** Whether the item has a (generated) thumbnail. */
  preview: boolean;
};

const yt = (id: string) => `https://www.youtube.com/watch?v=${id}`;
/** Minecraft's channel, which both schools' pupils ask for (from another page, or typed). */
const minecraftChannel = (referer: string | null, preview: boolean): DemoMedia => ({
  url: 'https://www.youtube.com/user/minecraft',
  title: 'Minecraft',
  mediaType: 'user_channel',
  categoryKey: 'games',
  description: '',
  referer,
  preview,
});

/** Northfield Academy's items: mostly learning, some of what pupils ask for. */
export const NORTHFIELD_MEDIA: readonly DemoMedia[] = [
  // Videos.
  {
    url: yt('iG9CE55wbtY'),
    title: 'Do schools kill creativity? | Sir Ken Robinson | TED',
    mediaType: 'video',
    categoryKey: 'education',
    description: 'Sir Ken Robinson makes the case for an education system that nurtures creativity.',
    referer: 'https://www.google.com/',
    preview: true,
  },
  {
    url: yt('arj7oStGLkU'),
    title: 'Inside the mind of a master procrastinator | Tim Urban | TED',
    mediaType: 'video',
    categoryKey: 'education',
    description: 'A funny and insightful look at procrastination, shown in a Year 11 study-skills lesson.',
    referer: 'https://classroom.google.com/',
    preview: true,
  },
  {
    url: yt('jNQXAC9IVRw'),
    title: 'Me at the zoo',
    mediaType: 'video',
    categoryKey: 'video_streaming',
    description: 'The first video uploaded to YouTube, used in a computing lesson on the history of the web.',
    referer: null,
    preview: true,
  },
  {
    url: yt('fJ9rUzIMcZQ'),
    title: 'Queen – Bohemian Rhapsody (Official Video Remastered)',
    mediaType: 'video',
    categoryKey: 'music_radio',
    description: '',
    referer: 'https://www.bbc.co.uk/bitesize/',
    preview: true,
  },
  {
    url: yt('9bZkp7q19f0'),
    title: 'PSY - GANGNAM STYLE(강남스타일) M/V',
    mediaType: 'video',
    categoryKey: 'music_radio',
    description: '',
    referer: null,
    preview: false,
  },
  {
    url: yt('XqZsoesa55w'),
    title: 'Baby Shark Dance | Sing and Dance! | Pinkfong Songs for Children',
    mediaType: 'video',
    categoryKey: 'kids_sites',
    description: 'A nursery song with dance moves.',
    referer: null,
    preview: true,
  },
  {
    url: 'https://vimeo.com/1084537',
    title: 'Big Buck Bunny',
    mediaType: 'video',
    categoryKey: 'arts_culture',
    description: 'An open-source animated short film by the Blender Institute, used in the animation club.',
    referer: 'https://www.blender.org/',
    preview: true,
  },
  {
    url: 'https://vimeo.com/76979871',
    title: 'The New Vimeo Player (You Know, For Videos)',
    mediaType: 'video',
    categoryKey: 'video_streaming',
    description: '',
    referer: null,
    preview: false,
  },
  {
    url: 'https://www.dailymotion.com/video/x8m8jpr',
    title: 'How volcanoes work – a short explainer',
    mediaType: 'video',
    categoryKey: 'education',
    description: 'Geography homework for Year 8: watch before Thursday.',
    referer: 'https://www.thenational.academy/',
    preview: true,
  },
  // Channels.
  {
    url: 'https://www.youtube.com/@khanacademy',
    title: 'Khan Academy',
    mediaType: 'channel',
    categoryKey: 'education',
    description: 'Free lessons in maths, science, computing and more.',
    referer: 'https://www.khanacademy.org/',
    preview: true,
  },
  {
    url: 'https://www.youtube.com/@crashcourse',
    title: 'CrashCourse',
    mediaType: 'channel',
    categoryKey: 'education',
    description: 'Short courses on history, biology, chemistry, literature and more.',
    referer: null,
    preview: true,
  },
  {
    url: 'https://www.youtube.com/@TEDEd',
    title: 'TED-Ed',
    mediaType: 'channel',
    categoryKey: 'education',
    description: 'Animated lessons worth sharing.',
    referer: 'https://www.google.com/',
    preview: true,
  },
  {
    url: 'https://www.youtube.com/@NASA',
    title: 'NASA',
    mediaType: 'channel',
    categoryKey: 'education',
    description: '',
    referer: null,
    preview: true,
  },
  {
    url: 'https://www.youtube.com/@MrBeast',
    title: 'MrBeast',
    mediaType: 'channel',
    categoryKey: 'video_streaming',
    description: 'Asked for by several pupils; not for lesson time.',
    referer: null,
    preview: false,
  },
  {
    url: 'https://www.twitch.tv/nasa',
    title: 'NASA on Twitch',
    mediaType: 'channel',
    categoryKey: 'education',
    description: 'Live rocket launches and spacewalks.',
    referer: 'https://www.nasa.gov/',
    preview: true,
  },
  {
    url: 'https://vimeo.com/channels/staffpicks',
    title: 'Vimeo Staff Picks',
    mediaType: 'channel',
    categoryKey: 'arts_culture',
    description: 'Short films chosen by Vimeo’s curators.',
    referer: null,
    preview: true,
  },
  // User channels.
  {
    url: 'https://www.youtube.com/user/numberphile',
    title: 'Numberphile',
    mediaType: 'user_channel',
    categoryKey: 'education',
    description: 'Videos about numbers, for the maths club.',
    referer: 'https://www.google.co.uk/',
    preview: true,
  },
  {
    url: 'https://www.youtube.com/user/Computerphile',
    title: 'Computerphile',
    mediaType: 'user_channel',
    categoryKey: 'education',
    description: 'Videos all about computers and computer stuff.',
    referer: null,
    preview: true,
  },
  minecraftChannel('https://www.minecraft.net/', false),
  {
    url: 'https://vimeo.com/northfieldacademy',
    title: 'Northfield Academy on Vimeo',
    mediaType: 'user_channel',
    categoryKey: 'education',
    description: 'Our own videos: assemblies, open evenings and the school play.',
    referer: null,
    preview: true,
  },
  // Albums (Vimeo showcases and YouTube playlists).
  {
    url: 'https://vimeo.com/showcase/7781234',
    title: 'Year 9 Drama Showcase',
    mediaType: 'album',
    categoryKey: 'arts_culture',
    description: 'Recordings of the Year 9 drama performances.',
    referer: 'https://vimeo.com/northfieldacademy',
    preview: true,
  },
  {
    url: 'https://www.youtube.com/playlist?list=PL8dPuuaLjXtPHzzYuWy6fYEaX9mQQ8oGr',
    title: 'Crash Course Biology',
    mediaType: 'album',
    categoryKey: 'education',
    description: 'The complete biology course, for GCSE revision.',
    referer: 'https://www.youtube.com/@crashcourse',
    preview: true,
  },
  {
    url: 'https://vimeo.com/album/3951466',
    title: 'Science Week 2025',
    mediaType: 'album',
    categoryKey: 'education',
    description: '',
    referer: null,
    preview: false,
  },
  {
    url: 'https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
    title: 'Geography revision: rivers and coasts',
    mediaType: 'album',
    categoryKey: 'education',
    description: 'Made by the geography department.',
    referer: 'https://classroom.google.com/',
    preview: true,
  },
  // Pro pages of the video service.
  {
    url: 'https://vimeopro.com/northfieldacademy/open-evening-2025',
    title: 'Northfield Academy Open Evening 2025',
    mediaType: 'pro_page',
    categoryKey: 'education',
    description: 'A tour of the school for families of new pupils.',
    referer: 'https://northfield.example/',
    preview: true,
  },
  {
    url: 'https://vimeopro.com/manchesterartsfestival/schools-programme',
    title: 'Manchester Arts Festival: schools programme',
    mediaType: 'pro_page',
    categoryKey: 'arts_culture',
    description: '',
    referer: null,
    preview: true,
  },
  {
    url: 'https://vimeopro.com/stemlearning/teacher-cpd',
    title: 'STEM Learning: teacher CPD films',
    mediaType: 'pro_page',
    categoryKey: 'education',
    description: 'Short films for staff training days.',
    referer: 'https://www.stem.org.uk/',
    preview: false,
  },
  // Social groups.
  {
    url: 'https://www.facebook.com/groups/northfieldacademypta',
    title: 'Northfield Academy PTA',
    mediaType: 'group',
    categoryKey: 'social_networks',
    description: 'Parents and staff organising fairs, discos and fundraising.',
    referer: 'https://northfield.example/parents',
    preview: true,
  },
  {
    url: 'https://www.facebook.com/groups/ukmathsteachers',
    title: 'UK Maths Teachers',
    mediaType: 'group',
    categoryKey: 'social_networks',
    description: '',
    referer: null,
    preview: false,
  },
  {
    url: 'https://www.reddit.com/r/GCSE',
    title: 'r/GCSE',
    mediaType: 'group',
    categoryKey: 'forums',
    description: 'A community of GCSE students sharing revision tips.',
    referer: 'https://www.google.co.uk/',
    preview: true,
  },
  // Accounts.
  {
    url: 'https://www.instagram.com/natgeo',
    title: 'National Geographic (@natgeo)',
    mediaType: 'account',
    categoryKey: 'social_networks',
    description: 'Photographs from around the world.',
    referer: null,
    preview: true,
  },
  {
    url: 'https://www.instagram.com/nasa',
    title: 'NASA (@nasa)',
    mediaType: 'account',
    categoryKey: 'social_networks',
    description: '',
    referer: 'https://www.nasa.gov/',
    preview: true,
  },
  {
    url: 'https://www.instagram.com/northfieldacademy',
    title: 'Northfield Academy (@northfieldacademy)',
    mediaType: 'account',
    categoryKey: 'social_networks',
    description: 'The school’s own account: sports results and trips.',
    referer: null,
    preview: false,
  },
  {
    url: 'https://x.com/BBCBitesize',
    title: 'BBC Bitesize (@BBCBitesize)',
    mediaType: 'account',
    categoryKey: 'social_networks',
    description: 'Revision tips from BBC Bitesize.',
    referer: 'https://www.bbc.co.uk/bitesize',
    preview: true,
  },
  {
    url: 'https://www.tiktok.com/@nasa',
    title: 'NASA on TikTok',
    mediaType: 'account',
    categoryKey: 'social_networks',
    description: '',
    referer: null,
    preview: false,
  },
  // Reviews.
  {
    url: 'https://www.tripadvisor.co.uk/Attraction_Review-g187069-d190289-Reviews-Science_and_Industry_Museum-Manchester_Greater_Manchester_England.html',
    title: 'Science and Industry Museum – reviews',
    mediaType: 'review',
    categoryKey: 'travel',
    description: 'Checked before the Year 7 trip.',
    referer: 'https://www.google.co.uk/',
    preview: true,
  },
  {
    url: 'https://www.tripadvisor.co.uk/ShowUserReviews-g186338-d187555-r912345678-Natural_History_Museum-London_England.html',
    title: '“Brilliant school trip” – Natural History Museum',
    mediaType: 'review',
    categoryKey: 'travel',
    description: '',
    referer: null,
    preview: false,
  },
  {
    url: 'https://uk.trustpilot.com/review/www.kahoot.com',
    title: 'Kahoot! reviews on Trustpilot',
    mediaType: 'review',
    categoryKey: 'education',
    description: 'What other schools say about Kahoot!.',
    referer: null,
    preview: true,
  },
  // Social pages.
  {
    url: 'https://www.facebook.com/NASA',
    title: 'NASA – National Aeronautics and Space Administration',
    mediaType: 'social_page',
    categoryKey: 'social_networks',
    description: 'Explore the universe and discover our home planet.',
    referer: null,
    preview: true,
  },
  {
    url: 'https://www.facebook.com/bbcbitesize',
    title: 'BBC Bitesize',
    mediaType: 'social_page',
    categoryKey: 'social_networks',
    description: '',
    referer: 'https://www.bbc.co.uk/bitesize',
    preview: true,
  },
  {
    url: 'https://www.linkedin.com/school/northfield-academy-manchester',
    title: 'Northfield Academy on LinkedIn',
    mediaType: 'social_page',
    categoryKey: 'social_networks',
    description: 'Careers and alumni news.',
    referer: null,
    preview: false,
  },
  {
    url: 'https://www.pinterest.com/tate',
    title: 'Tate on Pinterest',
    mediaType: 'social_page',
    categoryKey: 'arts_culture',
    description: 'Boards of art from the Tate collection.',
    referer: 'https://www.tate.org.uk/',
    preview: true,
  },
];

/** Riverside Family's few items: what the children watch and follow. */
export const RIVERSIDE_MEDIA: readonly DemoMedia[] = [
  {
    url: 'https://www.youtube.com/@peppapig',
    title: 'Peppa Pig - Official Channel',
    mediaType: 'channel',
    categoryKey: 'kids_sites',
    description: 'Cartoons for young children.',
    referer: null,
    preview: true,
  },
  {
    url: yt('XqZsoesa55w'),
    title: 'Baby Shark Dance | Sing and Dance! | Pinkfong Songs for Children',
    mediaType: 'video',
    categoryKey: 'kids_sites',
    description: '',
    referer: 'https://www.youtube.com/',
    preview: true,
  },
  minecraftChannel(null, false),
  {
    url: 'https://www.instagram.com/natgeokids',
    title: 'Nat Geo Kids (@natgeokids)',
    mediaType: 'account',
    categoryKey: 'social_networks',
    description: 'Animal facts and photographs for children.',
    referer: null,
    preview: true,
  },
  {
    url: 'https://www.facebook.com/groups/galwayparentsnetwork',
    title: 'Galway Parents Network',
    mediaType: 'group',
    categoryKey: 'social_networks',
    description: '',
    referer: null,
    preview: false,
  },
];

const categoryIdByKey = new Map(CATEGORIES.map((c) => [c.key, c.id]));
const typeLabel = new Map<string, string>(MEDIA_TYPE_GROUPS.flatMap((g) => g.types.map((t) => [t.key, t.label])));
const videoTypes = new Set<string>(MEDIA_TYPE_GROUPS.find((g) => g.key === 'video')!.types.map((t) => t.key));

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Background colours of the generated pictures, one picked per item from its title. */
const COLOURS = ['#1c7ed6', '#2f9e44', '#e8590c', '#7048e8', '#c2255c', '#0c8599', '#5c940d', '#d6336c'];

/**
 * A 160×90 SVG picture as a data: URL: a coloured card with a play button (video services) or a
 * speech bubble (social sites), the media type and the site's host. Deterministic for its input.
 */
export function mediaThumbnail(title: string, mediaType: MediaType, host: string): string {
  let h = 0;
  for (const c of title) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const colour = COLOURS[h % COLOURS.length]!;
  const icon = videoTypes.has(mediaType)
    ? '<circle cx="80" cy="38" r="18" fill="#fff" fill-opacity=".9"/><path d="M74 28v20l16-10z" fill="#212529"/>'
    : '<rect x="60" y="22" width="40" height="26" rx="6" fill="#fff" fill-opacity=".9"/><path d="M68 48l-4 10 12-10z" fill="#fff" fill-opacity=".9"/>';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90" viewBox="0 0 160 90">` +
    `<rect width="160" height="90" fill="${colour}"/>${icon}` +
    `<text x="80" y="70" text-anchor="middle" font-family="sans-serif" font-size="10" fill="#fff">` +
    `${escapeXml(typeLabel.get(mediaType) ?? mediaType)}</text>` +
    `<text x="80" y="83" text-anchor="middle" font-family="sans-serif" font-size="8" fill="#fff" fill-opacity=".85">` +
    `${escapeXml(host)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * Insert rows of the `websites` table for media items (kind 'media', match `exact`): pattern = host
 * and path of the url as matching reads them (contracts splitUrl), name = the title.
 */
export function mediaRows(accountId: number, items: readonly DemoMedia[]): WebsiteInsert[] {
  return items.map((m) => {
    const at = splitUrl(m.url);
    const categoryId = categoryIdByKey.get(m.categoryKey);
    if (!at || categoryId === undefined) throw new Error(`demo-media: ${m.url}`);
    return {
      accountId,
      kind: 'media' as const,
      name: m.title,
      url: m.url,
      pattern: at.host + at.path,
      matchMode: 'exact' as const,
      host: at.host,
      path: at.path,
      categoryId,
      description: m.description,
      mediaType: m.mediaType,
      title: m.title,
      referer: m.referer,
      thumbnail: m.preview ? mediaThumbnail(m.title, m.mediaType, at.host) : null,
    };
  });
}
