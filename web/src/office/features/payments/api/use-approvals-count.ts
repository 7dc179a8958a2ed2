import { useQuery } from '@tanstack/react-query';
import { staffCan } from '@webpay/contracts/office';
import { useStaffSession } from '../../../lib/staff-session.ts';
import { approvalsQueryOptions } from './approvals.ts';

/** How many reversals wait for a supervisor; asked only for those who may approve them. */
export function useApprovalsCount(): number {
  const role = useStaffSession()?.me?.staff.role;
  const approver = role !== undefined && staffCan(role, 'approve');
  const query = useQuery({ ...approvalsQueryOptions(), enabled: approver });
  return approver ? (query.data?.approvals.length ?? 0) : 0;
}
