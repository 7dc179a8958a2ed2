import {
  isOpen,
  type ApplicationStatus,
  type Tracker,
} from '@webpay/contracts/assistance-application';

/**
 * The steps an application has taken and has ahead: "Need more information"
 * only when it was asked, and the decision's own name once it is made.
 */
export function statusSteps(tracker: Pick<Tracker, 'status' | 'timeline'>): ApplicationStatus[] {
  const askedForMore =
    tracker.status === 'need_information' ||
    tracker.timeline.some(
      (entry) => entry.kind === 'status' && entry.status === 'need_information',
    );
  const decision = isOpen(tracker.status) ? [] : [tracker.status];
  return [
    'submitted',
    'in_review',
    ...(askedForMore ? (['need_information'] as const) : []),
    ...decision,
  ];
}
