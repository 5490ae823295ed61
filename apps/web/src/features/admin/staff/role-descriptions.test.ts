import { describe, expect, it } from 'vitest';
import { describeRole, rolesApproving } from './role-descriptions.ts';

describe('role descriptions', () => {
  it('say what each role may change and see, from the permission table', () => {
    expect(describeRole('finance')).toBe(
      'Can approve deposits and withdrawals; credit and debit balances. Sees users, money and settings.',
    );
    expect(describeRole('auditor')).toBe(
      'Sees users, money, support tickets, settings, the audit log and staff. Changes nothing.',
    );
    expect(describeRole('owner')).toBe('Can do everything, including: manage staff and the approval policy.');
  });

  it('name the roles that approve each guarded kind of action', () => {
    expect(rolesApproving('credit')).toEqual(['Owner', 'Finance']);
    expect(rolesApproving('staff')).toEqual(['Owner']);
  });
});
