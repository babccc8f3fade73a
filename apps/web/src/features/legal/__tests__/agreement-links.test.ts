import { describe, expect, it } from 'vitest';
import { otherAgreements } from '../components/agreement-links';

describe('links between the agreement pages (002 §2.15)', () => {
  it('every agreement page links to the other two, so the Privacy Policy is reachable', () => {
    expect(otherAgreements('terms_of_use').map((p) => p.path)).toEqual([
      '/support/agreements/license-agreement',
      '/support/agreements/privacy-policy',
    ]);
    expect(otherAgreements('eula').map((p) => p.title)).toEqual(['Terms of Use', 'Privacy Policy']);
    expect(otherAgreements('privacy_policy').map((p) => p.title)).toEqual(['Terms of Use', 'License Agreement']);
  });
});
