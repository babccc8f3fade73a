/**
 * The demo's mobile app catalogue (issue 12): a few hundred apps with plausible metadata, made
 * deterministically from curated lists: well-known apps as their stores describe them, then school,
 * family and utility apps of invented developers, named from word lists. Some are flagged for the
 * approval warning (is_admin_warning: social, chat, mature games), some come from outside the Play Store
 * (is_external) and some may not be auto-assigned (is_prevent_autoassign).
 */
import type { apps } from '../db/schema/index.js';

type NewApp = typeof apps.$inferInsert;

type Known = [
  pkg: string,
  name: string,
  vendor: string,
  classification: string,
  pricing: string,
  rating: string,
  flags?: string,
  price?: string,
];

/** w: admin warning; x: not from the Play Store; p: no auto assign. */
const KNOWN: Known[] = [
  ['org.khanacademy.android', 'Khan Academy', 'Khan Academy', 'Education', 'free', '4.6'],
  ['com.duolingo', 'Duolingo', 'Duolingo', 'Education', 'free_with_in_app_purchases', '4.7'],
  ['com.mojang.minecraftpe', 'Minecraft', 'Mojang', 'Games', 'paid', '4.5', 'w', '£6.99'],
  ['com.zhiliaoapp.musically', 'TikTok', 'TikTok Pte. Ltd.', 'Social', 'free', '4.3', 'wp'],
  ['org.example.sideload', 'Sideloaded Notes', 'Unknown', 'Productivity', '', '', 'x'],
  ['com.google.android.apps.classroom', 'Google Classroom', 'Google LLC', 'Education', 'free', '4.4'],
  ['com.microsoft.teams', 'Microsoft Teams', 'Microsoft Corporation', 'Business', 'free', '4.6'],
  ['com.google.android.apps.docs.editors.docs', 'Google Docs', 'Google LLC', 'Productivity', 'free', '4.3'],
  ['com.google.android.apps.docs.editors.sheets', 'Google Sheets', 'Google LLC', 'Productivity', 'free', '4.4'],
  [
    'com.microsoft.office.word',
    'Microsoft Word',
    'Microsoft Corporation',
    'Productivity',
    'free_with_in_app_purchases',
    '4.5',
  ],
  ['com.microsoft.office.onenote', 'Microsoft OneNote', 'Microsoft Corporation', 'Productivity', 'free', '4.6'],
  ['com.quizlet.quizletandroid', 'Quizlet', 'Quizlet Inc', 'Education', 'free_with_in_app_purchases', '4.6'],
  ['com.kahoot.android', 'Kahoot!', 'Kahoot!', 'Education', 'free_with_in_app_purchases', '4.6'],
  ['com.photomath.photomath', 'Photomath', 'Google LLC', 'Education', 'free_with_in_app_purchases', '4.7'],
  ['com.scratchjr.android', 'ScratchJr', 'Scratch Foundation', 'Education', 'free', '4.2'],
  ['org.geogebra.android', 'GeoGebra Calculator Suite', 'GeoGebra', 'Education', 'free', '4.6'],
  ['com.desmos.calculator', 'Desmos Graphing Calculator', 'Desmos Studio', 'Education', 'free', '4.6'],
  ['com.canva.editor', 'Canva', 'Canva', 'Art & Design', 'free_with_in_app_purchases', '4.8'],
  ['com.adobe.spark.post', 'Adobe Express', 'Adobe', 'Art & Design', 'free_with_in_app_purchases', '4.5'],
  ['com.spotify.music', 'Spotify', 'Spotify AB', 'Music & Audio', 'free_with_in_app_purchases', '4.3'],
  ['com.google.android.youtube', 'YouTube', 'Google LLC', 'Video Players', 'free', '4.1', 'w'],
  ['com.google.android.apps.youtube.kids', 'YouTube Kids', 'Google LLC', 'Entertainment', 'free', '4.3'],
  ['com.netflix.mediaclient', 'Netflix', 'Netflix, Inc.', 'Entertainment', 'subscription', '4.4', 'p'],
  ['com.instagram.android', 'Instagram', 'Instagram', 'Social', 'free', '4.2', 'wp'],
  ['com.snapchat.android', 'Snapchat', 'Snap Inc', 'Communication', 'free_with_in_app_purchases', '4.1', 'wp'],
  ['com.whatsapp', 'WhatsApp Messenger', 'WhatsApp LLC', 'Communication', 'free', '4.2', 'w'],
  ['com.discord', 'Discord', 'Discord Inc.', 'Communication', 'free_with_in_app_purchases', '4.3', 'wp'],
  ['com.roblox.client', 'Roblox', 'Roblox Corporation', 'Games', 'free_with_in_app_purchases', '4.4', 'w'],
  ['com.supercell.clashroyale', 'Clash Royale', 'Supercell', 'Games', 'free_with_in_app_purchases', '4.2', 'w'],
  ['com.epicgames.fortnite', 'Fortnite', 'Epic Games', 'Games', 'free_with_in_app_purchases', '4.0', 'wxp'],
  ['com.king.candycrushsaga', 'Candy Crush Saga', 'King', 'Games', 'free_with_in_app_purchases', '4.6'],
  ['com.chess', 'Chess - Play and Learn', 'Chess.com', 'Board', 'free_with_in_app_purchases', '4.7'],
  ['org.lichess.mobileapp', 'lichess', 'lichess.org', 'Board', 'free', '4.8'],
  ['com.bbc.bitesize', 'BBC Bitesize', 'BBC Media Applications', 'Education', 'free', '4.5'],
  ['uk.co.bbc.iplayer', 'BBC iPlayer', 'BBC Media Applications', 'Entertainment', 'free', '4.4'],
  ['com.audible.application', 'Audible', 'Audible, Inc.', 'Books & Reference', 'subscription', '4.5'],
  ['com.amazon.kindle', 'Amazon Kindle', 'Amazon Mobile LLC', 'Books & Reference', 'free', '4.6'],
  ['com.epic.getepic', 'Epic: Kids Books', 'Epic Creations Inc', 'Books & Reference', 'subscription', '4.5'],
  ['com.zoom.videomeetings', 'Zoom Workplace', 'zoom.us', 'Business', 'free', '4.4'],
  ['com.google.android.apps.meetings', 'Google Meet', 'Google LLC', 'Communication', 'free', '4.4'],
  ['com.tinkercad.app', 'Tinkercad', 'Autodesk Inc.', 'Education', 'free', '4.1', 'x'],
  ['org.wikipedia', 'Wikipedia', 'Wikimedia Foundation', 'Books & Reference', 'free', '4.7'],
  ['com.nasa.app', 'NASA', 'NASA', 'Education', 'free', '4.6'],
  ['com.natgeo.kids', 'Nat Geo Kids', 'National Geographic', 'Education', 'free', '4.3'],
  ['com.ted.android', 'TED', 'TED Conferences LLC', 'Education', 'free', '4.6'],
  ['com.brainpop.brainpopfeaturedmovieandroid', 'BrainPOP', 'BrainPOP', 'Education', 'subscription', '4.0'],
  ['com.mathway', 'Mathway', 'Chegg, Inc.', 'Education', 'free_with_in_app_purchases', '4.4'],
  ['com.sololearn', 'Sololearn: Learn to Code', 'Sololearn', 'Education', 'free_with_in_app_purchases', '4.7'],
  [
    'com.grammarly.android.keyboard',
    'Grammarly Keyboard',
    'Grammarly, Inc.',
    'Productivity',
    'free_with_in_app_purchases',
    '4.5',
  ],
  ['com.todoist', 'Todoist', 'Doist Inc.', 'Productivity', 'free_with_in_app_purchases', '4.6'],
  ['com.evernote', 'Evernote', 'Evernote Corporation', 'Productivity', 'free_with_in_app_purchases', '4.2'],
  ['com.dropbox.android', 'Dropbox', 'Dropbox, Inc.', 'Productivity', 'free_with_in_app_purchases', '4.4'],
  ['com.microsoft.skydrive', 'Microsoft OneDrive', 'Microsoft Corporation', 'Productivity', 'free', '4.6'],
  ['com.google.android.apps.maps', 'Google Maps', 'Google LLC', 'Travel & Local', 'free', '4.1'],
  ['com.strava', 'Strava', 'Strava Inc.', 'Health & Fitness', 'free_with_in_app_purchases', '4.6'],
  ['com.headspace.android', 'Headspace', 'Headspace Inc.', 'Health & Fitness', 'subscription', '4.6'],
  ['com.calm.android', 'Calm', 'Calm.com, Inc.', 'Health & Fitness', 'subscription', '4.6'],
  ['com.pinterest', 'Pinterest', 'Pinterest', 'Lifestyle', 'free', '4.6', 'w'],
  ['com.reddit.frontpage', 'Reddit', 'reddit Inc.', 'Social', 'free', '4.2', 'wp'],
  ['tv.twitch.android.app', 'Twitch', 'Twitch Interactive, Inc.', 'Entertainment', 'free', '4.3', 'w'],
  ['com.x.android', 'X', 'X Corp.', 'News & Magazines', 'free', '3.9', 'wp'],
  ['com.facebook.katana', 'Facebook', 'Meta Platforms, Inc.', 'Social', 'free', '4.0', 'wp'],
  ['com.telegram.messenger', 'Telegram', 'Telegram FZ-LLC', 'Communication', 'free', '4.2', 'w'],
  ['com.garageband.alt', 'Music Maker Jam', 'Easybrain', 'Music & Audio', 'free_with_in_app_purchases', '4.1'],
  ['com.fdroid.client', 'F-Droid', 'F-Droid Limited', 'Tools', 'free', '4.4', 'x'],
  ['com.aurora.store', 'Aurora Store', 'Rahul Patel', 'Tools', 'free', '4.3', 'xp'],
  ['com.vpn.free.unblock', 'Free VPN Unblock', 'Unknown', 'Tools', 'free', '3.1', 'wxp'],
  ['com.minecraft.edu', 'Minecraft Education', 'Mojang', 'Education', 'paid', '4.2', '', '£4.49'],
  ['com.procreate.pocket', 'Sketchbook Pro', 'Sketchbook, Inc.', 'Art & Design', 'paid', '4.5', '', '£1.99'],
  ['com.toca.boca.world', 'Toca Boca World', 'Toca Boca', 'Educational', 'free_with_in_app_purchases', '4.3'],
  ['com.lego.builder', 'LEGO Builder', 'LEGO System A/S', 'Entertainment', 'free', '4.5'],
  [
    'com.lumosity.android',
    'Lumosity: Brain Training',
    'Lumos Labs, Inc.',
    'Education',
    'free_with_in_app_purchases',
    '4.4',
  ],
  ['com.starwalk.skyview', 'Star Walk 2', 'Vito Technology', 'Education', 'paid', '4.6', '', '£2.99'],
  ['com.typingclub', 'TypingClub', 'TypingClub', 'Education', 'free', '4.1'],
  ['com.seesaw.android', 'Seesaw', 'Seesaw Learning, Inc.', 'Education', 'free', '4.5'],
  ['com.classdojo.android', 'ClassDojo', 'ClassDojo', 'Education', 'free', '4.7'],
  ['com.remind101', 'Remind: School Communication', 'remind101', 'Education', 'free', '4.5'],
  ['com.showbie.android', 'Showbie', 'Showbie Inc.', 'Education', 'free', '4.2'],
];

const PREFIXES = [
  'Times Table',
  'Phonics',
  'Spelling',
  'Fraction',
  'Periodic',
  'Atlas',
  'Rocket',
  'Word',
  'Number',
  'Story',
  'Reading',
  'Coding',
  'Planet',
  'History',
  'Grammar',
  'Chemistry',
  'Geometry',
  'Music',
  'Language',
  'Study',
];
const SUFFIXES = [
  'Quest',
  'Lab',
  'Trainer',
  'Explorer',
  'Builder',
  'Academy',
  'Puzzles',
  'Club',
  'Flashcards',
  'Stars',
  'Journey',
  'Sprint',
];
const DEVELOPERS: [string, string][] = [
  ['Brightpath Learning', 'brightpath'],
  ['Owl & Lantern Studios', 'owllantern'],
  ['Classbridge Ltd', 'classbridge'],
  ['Little Acorn Apps', 'littleacorn'],
  ['Northwind EdTech', 'northwind'],
  ['Pixel Orchard', 'pixelorchard'],
  ['Quill Software', 'quill'],
  ['Harbour Kids', 'harbourkids'],
];
const CLASSES = ['Education', 'Educational', 'Puzzle', 'Books & Reference', 'Word', 'Trivia', 'Music & Audio', 'Games'];
const PRICINGS = ['free', 'free', 'free_with_in_app_purchases', 'paid', 'free', 'ad_supported'];
const PRICES = ['£0.99', '£1.49', '£2.99', '£3.99'];

function describe(name: string, classification: string, vendor: string): string {
  const topic = classification.toLowerCase();
  return `${name} by ${vendor}: ${
    classification === 'Games' || classification === 'Puzzle' || classification === 'Trivia'
      ? 'short rounds that reward careful thinking, with progress saved between sessions'
      : `${topic} activities for home and the classroom, with progress reports for teachers and parents`
  }. Works offline once downloaded.`;
}

function known([pkg, name, vendor, classification, pricing, rating, flags = '', price]: Known): NewApp {
  const external = flags.includes('x');
  return {
    packageName: pkg,
    name,
    vendor,
    classification,
    productPricing: pricing || null,
    price: price ?? null,
    rating: rating || null,
    version: `${(name.length % 9) + 1}.${name.length % 12}.${pkg.length % 10}`,
    description: describe(name, classification, vendor),
    source: external ? 'Unknown source' : 'Google Play Store',
    url: external ? null : `https://play.google.com/store/apps/details?id=${pkg}`,
    isAdminWarning: flags.includes('w'),
    isExternal: external,
    isPreventAutoassign: flags.includes('p'),
  };
}

/** The catalogue: the known apps, then 240 more (20 prefixes x 12 suffixes), each deterministic. */
export function demoAppCatalogue(): NewApp[] {
  const made: NewApp[] = KNOWN.map(known);
  let i = 0;
  for (const prefix of PREFIXES)
    for (const suffix of SUFFIXES) {
      const [vendor, slug] = DEVELOPERS[i % DEVELOPERS.length] as [string, string];
      const name = `${prefix} ${suffix}`;
      const classification = CLASSES[(i * 7) % CLASSES.length]!;
      const pricing = PRICINGS[i % PRICINGS.length]!;
      const pkg = `com.${slug}.${(prefix + suffix).toLowerCase().replace(/[^a-z]/g, '')}`;
      made.push({
        packageName: pkg,
        name,
        vendor,
        classification,
        productPricing: pricing,
        price: pricing === 'paid' ? PRICES[i % PRICES.length]! : null,
        rating: (3 + ((i * 37) % 21) / 10).toFixed(1),
        version: `${1 + (i % 5)}.${(i * 3) % 10}.${i % 7}`,
        description: describe(name, classification, vendor),
        source: i % 23 === 5 ? 'Amazon Appstore' : 'Google Play Store',
        url: i % 23 === 5 ? null : `https://play.google.com/store/apps/details?id=${pkg}`,
        isAdminWarning: i % 31 === 7,
        isExternal: i % 23 === 5,
        isPreventAutoassign: i % 17 === 3,
      });
      i++;
    }
  return made;
}
