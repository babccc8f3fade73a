import { describe, expect, it } from 'vitest';
import { appSortOptions, requestSortOptions } from '../lib/sort-options';

const labels = (o: { label: string }[]) => o.map((x) => x.label);

describe('sort options with the labels of 001 §9 (CO-07, CO-08)', () => {
  it('names url, requester, processor, for, processed and requested on the approved websites', () => {
    expect(labels(requestSortOptions('website', 'approved'))).toEqual([
      'Websites A-Z',
      'Websites Z-A',
      'Requester A-Z',
      'Requester Z-A',
      'Approved by A-Z',
      'Approved by Z-A',
      'For A-Z',
      'For Z-A',
      'Approved: Oldest first',
      'Approved: Newest first',
      'Requested: Oldest first',
      'Requested: Newest first',
    ]);
    const processor = requestSortOptions('media', 'denied').filter((o) => o.sortBy === 'processor');
    expect(processor).toEqual([
      { value: 'processor:asc', label: 'Denied by A-Z', sortBy: 'processor', reverse: false },
      { value: 'processor:desc', label: 'Denied by Z-A', sortBy: 'processor', reverse: true },
    ]);
  });

  it('says Media for media; pending lists have no processor nor processed', () => {
    expect(labels(requestSortOptions('media', 'pending_admin'))).toEqual([
      'Media A-Z',
      'Media Z-A',
      'Requester A-Z',
      'Requester Z-A',
      'Requested: Oldest first',
      'Requested: Newest first',
    ]);
    expect(requestSortOptions('website', 'pending_tech').map((o) => o.sortBy)).not.toContain('processor');
  });

  it('sorts apps by name', () => {
    expect(appSortOptions('denied').slice(0, 2)).toEqual([
      { value: 'name:asc', label: 'Apps A-Z', sortBy: 'name', reverse: false },
      { value: 'name:desc', label: 'Apps Z-A', sortBy: 'name', reverse: true },
    ]);
    expect(appSortOptions('approved').map((o) => o.sortBy)).toContain('processor');
  });
});
