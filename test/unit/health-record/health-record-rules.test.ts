import { describe, expect, it } from 'vitest';
import { abhaAddressProblem, careContextId, needsLine, questionLine } from '../../../contract/health-record';
import { linkingOf, LINKING_WHY } from '../../../main/settings/health-record-policy';
import { policySchema } from '../../../main/settings/policy';

describe('an ABHA address', () => {
  it.each(['ravi.kumar@abdm', 'RAVI_K1@abdm ', 'sunita@sbx', 'ab12@abdm'])('%s is one', (address) => expect(abhaAddressProblem(address)).toBeNull());

  it.each([
    ['', 'Enter the patient’s ABHA address'],
    ['ravi.kumar', 'ends in @abdm'],
    ['ravi.kumar@gmail.com', 'ends in @abdm'],
    ['ravi kumar@abdm', 'no spaces'],
    ['ravi..kumar@abdm', 'at most one dot'],
    ['.ravi@abdm', 'neither first nor last'],
    ['abc@abdm', '4 to 32'],
    ['91-1234-5678-9012@abdm', 'no spaces or other signs'],
  ])('%j is refused, saying what is wrong', (address, said) => expect(abhaAddressProblem(address)).toContain(said));
});

describe('the question and its one step', () => {
  it('one line to read, with the address where there is one', () => {
    expect(questionLine({ name: 'Ravi', label: '', abhaAddress: 'ravi.k@abdm' })).toBe('Send this visit to Ravi’s health record (ravi.k@abdm)?');
    expect(questionLine({ name: 'Prakash', label: '', abhaAddress: null })).toBe('Send this visit to Prakash’s health record?');
    expect(questionLine({ name: 'Ramdas', label: '', abhaAddress: null })).toBe('Send this visit to Ramdas’ health record?');
  });

  it('says what to add', () => {
    expect(needsLine('Ravi', { abhaAddress: true, name: false, age: false, sex: false })).toBe('Ravi has no ABHA address here: add it to send the visit.');
    expect(needsLine('Bed 4', { abhaAddress: true, name: true, age: true, sex: true })).toBe('Bed 4 has no ABHA address here: add it, and their name, age and sex, to send the visit.');
    expect(needsLine('Ravi', { abhaAddress: false, name: false, age: true, sex: false })).toBe('The health record needs their age: add it to send the visit.');
    expect(needsLine('Ravi', { abhaAddress: false, name: false, age: false, sex: false })).toBeNull();
  });

  it('a care context id is stable for an item’s version', () => {
    expect(careContextId('c0ffee00-0000-4000-8000-000000000001', 1)).toBe('scribe-c0ffee00-0000-4000-8000-000000000001');
    expect(careContextId('c0ffee00-0000-4000-8000-000000000001', 2)).toBe('scribe-c0ffee00-0000-4000-8000-000000000001-v2');
  });
});

describe('linking as the policy has it', () => {
  const policy = (values: object, error: string | null = null) => ({ path: '/etc/scribe-desk/policy.json', values: policySchema.parse(values), error });

  it('ask by default; always; off', () => {
    expect(linkingOf(policy({ hipId: 'IN0000000001', facilityName: 'Clinic' }))).toEqual({ mode: 'ask', why: null, facilityName: 'Clinic', hipId: 'IN0000000001' });
    expect(linkingOf(policy({ hipId: 'IN0000000001', healthRecordLinking: 'always' }))).toMatchObject({ mode: 'always', why: null });
    expect(linkingOf(policy({ hipId: 'IN0000000001', healthRecordLinking: 'off' }))).toMatchObject({ mode: 'off', why: LINKING_WHY.off });
  });

  it('without a HIP id, or with a policy that cannot be used, nothing is linked and the reason says which', () => {
    expect(linkingOf(policy({ healthRecordLinking: 'always' }))).toMatchObject({ mode: 'off', hipId: null, why: LINKING_WHY.noHipId });
    expect(linkingOf({ path: '/etc/scribe-desk/policy.json', values: {}, error: 'broken' })).toMatchObject({ mode: 'off', why: LINKING_WHY.brokenPolicy });
    expect(policySchema.safeParse({ hipId: 'IN 0001' }).success).toBe(false);
    expect(policySchema.safeParse({ healthRecordLinking: 'sometimes' }).success).toBe(false);
  });
});
