import { staffCan, type StaffPermission, type StaffRole } from '@webpay/contracts/office';

export type NavKey =
  'home' | 'guarantors' | 'payments' | 'assistance' | 'reports' | 'audit' | 'staff';

export interface NavItem {
  key: NavKey;
  to:
    '/' | '/guarantors' | '/payments' | '/financial-assistance' | '/reports' | '/audit' | '/staff';
  /** Pages reached from this one that keep it marked as where the reader is. */
  within?: readonly ('/approvals' | '/plans-attention')[];
}

/** The console's pages in the header's order, each with what it takes to use it. */
const NAV: readonly (NavItem & { needs: StaffPermission })[] = [
  { key: 'home', to: '/', needs: 'read', within: ['/plans-attention'] },
  { key: 'guarantors', to: '/guarantors', needs: 'read' },
  { key: 'payments', to: '/payments', needs: 'read', within: ['/approvals'] },
  // Every role reads the queue and its cases; only reviewers see documents and decide.
  { key: 'assistance', to: '/financial-assistance', needs: 'read' },
  { key: 'reports', to: '/reports', needs: 'read' },
  { key: 'audit', to: '/audit', needs: 'read' },
  { key: 'staff', to: '/staff', needs: 'administer' },
];

/** The links a role is shown: none it could not use (the service refuses those anyway). */
export function navItemsFor(role: StaffRole): NavItem[] {
  return NAV.filter((item) => staffCan(role, item.needs)).map(({ needs: _needs, ...item }) => item);
}
