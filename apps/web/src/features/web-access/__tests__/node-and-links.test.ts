/** The node of a page's address, where a load error goes, and the header links into the classic console. */
import { describe, expect, it } from 'vitest';
import {
  CLASSIC_WEB_ACCESS_PATHS,
  accountClassicLink,
  mediaHeaderLinks,
  websiteHeaderLinks,
} from '../lib/classic-links';
import { loadErrorPath, nodeFromParams, nodePageTitle, nodeNoun } from '../lib/node';

describe('nodeFromParams', () => {
  it('reads a machine, a mobile or a server user', () => {
    expect(nodeFromParams({ machineId: 'NFPC1001' })).toEqual({ type: 'machine', id: 'NFPC1001' });
    expect(nodeFromParams({ mobileId: 'NFMB2001' })).toEqual({ type: 'mobile', id: 'NFMB2001' });
    expect(nodeFromParams({ serverUserId: '42' })).toEqual({ type: 'server_user', id: '42' });
  });
  it('refuses an unusable id', () => {
    expect(nodeFromParams({ serverUserId: 'abc' })).toBeNull();
    expect(nodeFromParams({ serverUserId: '0' })).toBeNull();
    expect(nodeFromParams({ machineId: '   ' })).toBeNull();
    expect(nodeFromParams({})).toBeNull();
  });
});

describe('load errors (002 §2.9, §8)', () => {
  it('send a server user page to /users and a device page to /devices', () => {
    expect(loadErrorPath({ type: 'server_user' })).toBe('/users');
    expect(loadErrorPath({ type: 'machine' })).toBe('/devices');
    expect(loadErrorPath({ type: 'mobile' })).toBe('/devices');
    expect(loadErrorPath(null)).toBe('/devices');
  });
  it('name pages and nodes by kind', () => {
    expect(nodePageTitle({ type: 'machine' }, 'Websites')).toBe('Device Websites');
    expect(nodePageTitle({ type: 'server_user' }, 'Media')).toBe('Server User Media');
    expect(nodeNoun({ type: 'mobile' })).toBe('this device');
    expect(nodeNoun({ type: 'server_user' })).toBe('this user');
  });
});

describe('header links (002 §2.4, §2.5, §2.9)', () => {
  const base = 'https://classic.example/admin/';
  const device = { type: 'machine' as const, id: 'NF PC&1' };
  const user = { type: 'server_user' as const, id: '7' };

  it('offer Add, Remove and Block website on a device, without Block for a server user', () => {
    expect(websiteHeaderLinks(base, device).map((l) => l.label)).toEqual([
      'Add website',
      'Remove website',
      'Block website',
    ]);
    expect(websiteHeaderLinks(base, user).map((l) => l.label)).toEqual(['Add website', 'Remove website']);
  });
  it('offer Add and Block media on a device, Add media for a server user', () => {
    expect(mediaHeaderLinks(base, device).map((l) => l.label)).toEqual(['Add media', 'Block media']);
    expect(mediaHeaderLinks(base, user).map((l) => l.label)).toEqual(['Add media']);
  });
  it('carry the node type and id, encoded, on the classic host', () => {
    expect(websiteHeaderLinks(base, device)[0]?.href).toBe(
      `https://classic.example/admin${CLASSIC_WEB_ACCESS_PATHS.addWebsite}?type=machine&id=NF+PC%261`,
    );
    expect(mediaHeaderLinks(base, user)[0]?.href).toBe(
      `https://classic.example/admin${CLASSIC_WEB_ACCESS_PATHS.addMedia}?type=server_user&id=7`,
    );
  });
});

describe("the account's own pages (issue 26)", () => {
  const account = nodeFromParams({}, true)!;
  it('read the account node on its pages, and go back to the account page on a load error', () => {
    expect(account).toEqual({ type: 'account', id: 'account' });
    expect(loadErrorPath(account)).toBe('/account');
    expect(nodePageTitle(account, 'Websites')).toBe('Account Websites');
  });
  it('keep the classic console page as one secondary link', () => {
    expect(websiteHeaderLinks('https://c.example', account)).toEqual([
      { label: 'Open in the classic console', href: 'https://c.example/web-access/websites' },
    ]);
    expect(mediaHeaderLinks('https://c.example', account)).toEqual([
      { label: 'Open in the classic console', href: 'https://c.example/web-access/media' },
    ]);
    expect(accountClassicLink('https://c.example', 'categories').href).toBe('https://c.example/web-access/categories');
  });
});
