import { describe, expect, it } from 'vitest';
import { REQUEST_MSG, requestErrorText } from '@wayguard/contracts';
import { blockBody, canConfirmBlock } from '../lib/block-form';
import { asBlockOutcome, blockToasts } from '../lib/block-result';

const form = { url: 'bad.example', reason: 'spam', name: 'Al', email: 'al@example.com', for: 'device' as const };

describe('several block targets (001 §3 "items (several)", BF-06)', () => {
  it('sends several devices, users or connections as items (the batch call)', () => {
    expect(blockBody(form, ['machine:PC1', 'mobile:M1']).items).toEqual([
      { id: 'PC1', type: 'machine' },
      { id: 'M1', type: 'mobile' },
    ]);
    expect(blockBody(form, ['machine:PC1', 'mobile:M1'])).not.toHaveProperty('device');
    expect(blockBody({ ...form, for: 'user' }, ['user:5', 'server_user:9']).items).toEqual([
      { id: 5, type: 'user' },
      { id: 9, type: 'server_user' },
    ]);
    expect(blockBody({ ...form, for: 'user' }, ['user:5'])).toMatchObject({ user: { id: 5, type: 'user' } });
    expect(canConfirmBlock(true, 'connection', ['connection:1', 'connection:2'], false)).toBe(true);
  });
});

describe('block answers become toasts (001 §7, §8)', () => {
  it('a single answer: success, or its sentence, never a bare code', () => {
    expect(blockToasts({ success: true })).toEqual({ success: REQUEST_MSG.processed, failure: null });
    expect(blockToasts({ success: false, error: 'AC058' })).toEqual({
      success: null,
      failure: requestErrorText('AC058'),
    });
    expect(blockToasts({ success: false, error: 'AC056', message: 'Custom' }).failure).toBe('Custom');
    expect(blockToasts({ success: false }).failure).toBe(REQUEST_MSG.lastActionFailed);
  });

  it('a batch map: success when one item was blocked, the others one grouped "N unsuccessful:" toast', () => {
    const map = {
      'machine:A': { success: true },
      'machine:B': { success: false, error: 'AC058', message: requestErrorText('AC058') },
      'machine:C': { success: false, error: 'AC058' },
      'connection:1': { success: false, error: 'AC056' },
    };
    expect(blockToasts(map)).toEqual({
      success: REQUEST_MSG.processed,
      failure: `3 unsuccessful: ${requestErrorText('AC058')} ${requestErrorText('AC056')}`,
    });
    expect(asBlockOutcome(map)).toBe(map);
    expect(blockToasts({ 'machine:A': { success: true } })).toEqual({ success: REQUEST_MSG.processed, failure: null });
  });

  it('a batch where every item failed is a refusal, not a success', () => {
    const map = { 'machine:B': { success: false, error: 'AC058' }, 'machine:C': { success: false, error: 'AC058' } };
    expect(blockToasts(map).success).toBeNull();
    expect(asBlockOutcome(map)).toEqual({
      success: false,
      message: `2 unsuccessful: ${requestErrorText('AC058')}`,
    });
    expect(asBlockOutcome({})).toEqual({ success: false, message: REQUEST_MSG.lastActionFailed });
    // The single answer passes through (the one action path reads its success flag).
    expect(asBlockOutcome({ success: false, error: 'AC058' })).toEqual({ success: false, error: 'AC058' });
  });
});
