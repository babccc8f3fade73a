/**
 * The category catalogue of web access (docs/design/policy.md 'Data that makes it real'; 002 §2.3, §3 'Web
 * access item' category_id, category_group, description): one global list in nine groups, shared by
 * every account. Ids and keys are stable: rules, requests and hosts refer to them, so a category is
 * never renumbered; a new one takes a free id in its group's block (Security 1-9, Filter avoidance
 * 10-19, ... Uncategorised 90-99). The provider-locked categories are always blocked (policy.md step 1).
 */

export const CATEGORY_GROUPS = [
  { key: 'security', title: 'Security' },
  { key: 'filter_avoidance', title: 'Filter avoidance' },
  { key: 'adult_content', title: 'Adult content' },
  { key: 'potentially_liable', title: 'Potentially liable' },
  { key: 'communication_social', title: 'Communication & social' },
  { key: 'entertainment', title: 'Entertainment' },
  { key: 'education_reference', title: 'Education & reference' },
  { key: 'business_technology', title: 'Business & technology' },
  { key: 'uncategorised', title: 'Uncategorised' },
] as const;
export type CategoryGroupKey = (typeof CATEGORY_GROUPS)[number]['key'];

export type Category = {
  id: number;
  key: string;
  name: string;
  group: CategoryGroupKey;
  description: string;
  /** Always blocked by the provider: no rule can allow it. */
  locked: boolean;
};

type Row = [id: number, key: string, name: string, description: string];
const group = (key: CategoryGroupKey, rows: Row[], locked = false): Category[] =>
  rows.map(([id, k, name, description]) => ({ id, key: k, name, group: key, description, locked }));

export const CATEGORIES: readonly Category[] = [
  ...group(
    'security',
    [
      [1, 'malware', 'Malware', 'Sites that spread viruses, spyware, ransomware or other harmful software.'],
      [2, 'phishing_fraud', 'Phishing & fraud', 'Fake log-in pages, scams and sites that steal passwords or money.'],
      [3, 'cryptojacking', 'Cryptojacking', "Sites that secretly use the visitor's computer to mine cryptocurrency."],
    ],
    true,
  ),
  ...group('filter_avoidance', [
    [10, 'proxies_anonymisers', 'Proxies & anonymisers', 'Web proxies and services that hide which sites are visited.'],
    [11, 'vpn_services', 'VPN services', 'Virtual private networks that tunnel traffic past the filter.'],
    [12, 'dns_over_https', 'DNS-over-HTTPS', 'Encrypted DNS resolvers that can bypass filtering of site names.'],
    [13, 'remote_control', 'Remote control', 'Tools that control another computer or share its screen remotely.'],
    [14, 'url_shorteners', 'URL shorteners', 'Short-link services that hide the address a link leads to.'],
  ]),
  ...group('adult_content', [
    [20, 'pornography', 'Pornography', 'Sexually explicit pictures, videos and stories.'],
    [21, 'nudity', 'Nudity', 'Nude or partly nude images that are not sexually explicit.'],
    [22, 'dating', 'Dating', 'Dating, personals and hook-up sites and apps.'],
    [23, 'sex_education', 'Sex education', 'Information about sexual health, relationships and reproduction.'],
  ]),
  ...group('potentially_liable', [
    [30, 'gambling', 'Gambling', 'Betting, casinos, lotteries and other games played for money.'],
    [31, 'drugs', 'Drugs', 'Illegal drugs, their use and where to get them.'],
    [32, 'alcohol_tobacco', 'Alcohol & tobacco', 'Sale and promotion of alcohol, tobacco and vaping products.'],
    [33, 'weapons', 'Weapons', 'Sale, making or use of guns, knives, explosives and other weapons.'],
    [34, 'violence_hate', 'Violence & hate', 'Graphic violence, extremism and content attacking groups of people.'],
    [35, 'hacking', 'Hacking', 'Breaking into computers, cheats, cracking tools and exploits.'],
    [36, 'piracy', 'Piracy', 'Illegal copies of films, music, software and books.'],
    [37, 'academic_dishonesty', 'Academic dishonesty', 'Essay mills, homework answers for sale and cheating services.'],
  ]),
  ...group('communication_social', [
    [40, 'social_networks', 'Social networks', 'Sites where people share posts, photos and videos with others.'],
    [41, 'chat', 'Chat', 'Instant messaging, chat rooms and video calls.'],
    [42, 'webmail', 'Webmail', 'E-mail read and written in the browser.'],
    [43, 'forums', 'Forums', 'Message boards and question-and-answer communities.'],
    [44, 'blogs', 'Blogs', 'Personal and group blogs and the sites that host them.'],
  ]),
  ...group('entertainment', [
    [50, 'games', 'Games', 'Online games, game stores and gaming communities.'],
    [51, 'video_streaming', 'Video streaming', 'Video sharing, films, TV and live streams.'],
    [52, 'music_radio', 'Music & radio', 'Music streaming, internet radio and podcasts.'],
    [53, 'sports', 'Sports', 'Sports news, results, clubs and fan sites.'],
    [54, 'shopping', 'Shopping', 'Online shops, price comparison and marketplaces.'],
    [55, 'humour', 'Humour', 'Jokes, memes and funny pictures and videos.'],
    [56, 'travel', 'Travel', 'Holidays, bookings, maps for trips and travel guides.'],
    [57, 'food_drink', 'Food & drink', 'Recipes, restaurants and food delivery.'],
    [58, 'fashion_beauty', 'Fashion & beauty', 'Clothing, make-up, style and beauty advice.'],
    [59, 'hobbies_leisure', 'Hobbies & leisure', 'Crafts, pets, gardening, collecting and other pastimes.'],
    [60, 'arts_culture', 'Arts & culture', 'Museums, theatre, literature, art and photography.'],
  ]),
  ...group('education_reference', [
    [70, 'education', 'Education', 'Schools, universities, online courses and learning platforms.'],
    [71, 'educational_games', 'Educational games', 'Games made for learning, such as maths, reading and coding games.'],
    [72, 'reference', 'Reference', 'Encyclopaedias, dictionaries, maps and other look-up sites.'],
    [73, 'translation', 'Translation', 'Online translators and language tools.'],
    [74, 'kids_sites', "Kids' sites", 'Sites made for young children.'],
    [75, 'news', 'News', 'Newspapers, news agencies and current affairs.'],
    [76, 'government', 'Government', 'Official sites of governments, councils and public services.'],
    [77, 'jobs', 'Jobs', 'Job listings, careers advice and recruitment.'],
  ]),
  ...group('business_technology', [
    [80, 'banking', 'Banking', 'Online banking and bank websites.'],
    [81, 'finance', 'Finance', 'Investing, insurance, loans and financial news.'],
    [82, 'cryptocurrency', 'Cryptocurrency', 'Cryptocurrency exchanges, wallets and trading.'],
    [83, 'file_sharing', 'File sharing', 'Cloud storage, file transfer and peer-to-peer sharing.'],
    [84, 'software_downloads', 'Software downloads', 'Sites to download programs, apps and browser extensions.'],
    [85, 'updates', 'Updates', 'Update services of operating systems, apps and antivirus software.'],
    [86, 'advertising', 'Advertising', 'Ad networks and the servers that deliver adverts.'],
    [87, 'tracking_analytics', 'Tracking & analytics', 'Services that track visitors and measure how sites are used.'],
    [88, 'cdns_hosting', 'CDNs & hosting', 'Content delivery networks and hosting that other sites load from.'],
  ]),
  ...group('uncategorised', [
    [90, 'uncategorised', 'Uncategorised', 'Sites the provider has not put in any category yet.'],
  ]),
];

/** The category a host without any category belongs to (a rule on it covers every unknown site). */
export const UNCATEGORISED_CATEGORY_ID = 90;

const byId = new Map(CATEGORIES.map((c) => [c.id, c]));

export function categoryById(id: number): Category | undefined {
  return byId.get(id);
}

/** Ids of the provider-locked categories (Malware, Phishing & fraud, Cryptojacking). */
export const LOCKED_CATEGORY_IDS: ReadonlySet<number> = new Set(CATEGORIES.filter((c) => c.locked).map((c) => c.id));

export function isLockedCategory(id: number): boolean {
  return LOCKED_CATEGORY_IDS.has(id);
}

export type CategoryGroup = { key: CategoryGroupKey; title: string; categories: Category[] };

/**
 * The categories page's accordions (002 §2.3): groups sorted alphabetically by title, and the
 * categories of each group by name; `categories` narrows the list (a search), and groups left empty
 * are dropped.
 */
export function categoryGroups(categories: readonly Category[] = CATEGORIES): CategoryGroup[] {
  const abc = (a: string, b: string) => a.localeCompare(b, 'en');
  return [...CATEGORY_GROUPS]
    .sort((a, b) => abc(a.title, b.title))
    .map((g) => ({
      key: g.key,
      title: g.title,
      categories: categories.filter((c) => c.group === g.key).sort((a, b) => abc(a.name, b.name)),
    }))
    .filter((g) => g.categories.length > 0);
}
