/** The media accordion's texts (002 §2.5, §9) and which addresses become links. */
import { describe, expect, it } from 'vitest';
import {
  MEDIA_INFO_STALE_MS,
  NO_DESCRIPTION,
  NO_PREVIEW,
  NOT_SPECIFIED,
  mediaInfoFields,
  mediaTypeLabel,
} from '../lib/media-info';
import { webHref } from '../lib/web-href';

const info = {
  thumbnail: '',
  title: 'Cat video',
  type: 'user_channel',
  category: '',
  url: 'https://video.example/watch?v=1',
  referer: '',
  description: '',
};

describe('media info', () => {
  it("has the spec's texts", () => {
    expect(NO_PREVIEW).toBe('No preview available');
    expect(NOT_SPECIFIED).toBe('Not specified');
    expect(NO_DESCRIPTION).toBe('No description.');
    expect(MEDIA_INFO_STALE_MS).toBe(300_000);
  });
  it("shows Type, Category, URL, Referrer and Description, with the spec's texts for empty ones", () => {
    expect(mediaInfoFields(info)).toEqual([
      { label: 'Type', value: 'User channel' },
      { label: 'Category', value: 'Not specified' },
      { label: 'URL', value: 'https://video.example/watch?v=1', href: 'https://video.example/watch?v=1' },
      { label: 'Referrer', value: 'Not specified', href: null },
      { label: 'Description', value: 'No description.' },
    ]);
  });
  it('names media types by their label', () => {
    expect(mediaTypeLabel('user_channel')).toBe('User channel');
    expect(mediaTypeLabel('pro_page')).toBe('Pro page');
    expect(mediaTypeLabel('something_new')).toBe('something_new');
    expect(mediaTypeLabel(null)).toBe('Not specified');
    expect(mediaInfoFields({ ...info, type: '' })[0]).toEqual({ label: 'Type', value: 'Not specified' });
  });
});

describe('webHref', () => {
  it('links http(s) addresses and bare hosts, nothing else', () => {
    expect(webHref('https://example.com/a')).toBe('https://example.com/a');
    expect(webHref('http://example.com')).toBe('http://example.com');
    expect(webHref('www.example.com/page')).toBe('https://www.example.com/page');
    expect(webHref('javascript:alert(1)')).toBeNull();
    expect(webHref('data:text/html,hi')).toBeNull();
    expect(webHref('')).toBeNull();
    expect(webHref('not a site')).toBeNull();
  });
});
