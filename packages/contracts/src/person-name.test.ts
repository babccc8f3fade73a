import { describe, expect, it } from 'vitest';
import { personName, UNKNOWN_PERSON } from './person-name.js';

describe('personName', () => {
  it('is the full name, else the username, else the fallback', () => {
    expect(personName({ first_name: 'Alex', last_name: 'Morgan', username: 'admin' })).toBe('Alex Morgan');
    expect(personName({ first_name: 'Ahmed', last_name: '', username: 'year7.ahmed' })).toBe('Ahmed');
    expect(personName({ first_name: '  ', last_name: null, username: 'student@NF-LAB01' })).toBe('student@NF-LAB01');
    expect(personName({ first_name: '', last_name: '', username: '' })).toBe(UNKNOWN_PERSON);
    expect(personName({}, 'A user of NF-LAB-PC01')).toBe('A user of NF-LAB-PC01');
  });

  it('never doubles or leaves spaces', () => {
    expect(personName({ first_name: ' Mary  Ann ', last_name: ' Lee ' })).toBe('Mary Ann Lee');
  });
});
