import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navigation.ts';

describe('the navigation each role is shown', () => {
  it('gives every role Home, Guarantors, Payments, Financial assistance, Reports and Audit, and only admins Staff', () => {
    const readers = ['home', 'guarantors', 'payments', 'assistance', 'reports', 'audit'];
    for (const role of ['viewer', 'agent', 'reviewer', 'supervisor'] as const) {
      expect(navItemsFor(role).map((item) => item.key)).toEqual(readers);
    }
    expect(navItemsFor('admin').map((item) => item.key)).toEqual([...readers, 'staff']);
    expect(navItemsFor('admin').map((item) => item.to)).toEqual([
      '/',
      '/guarantors',
      '/payments',
      '/financial-assistance',
      '/reports',
      '/audit',
      '/staff',
    ]);
  });
});
