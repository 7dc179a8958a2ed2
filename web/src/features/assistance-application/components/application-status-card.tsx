import { Link } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { TEXT_LINK_CLASS } from '@/components/ui/text-link.ts';
import { useMessages } from '@/lib/messages.ts';
import { useApplications } from '../api/application-queries.ts';
import { trackerMessages } from '../assistance-application.messages.ts';

const STATUS_BADGES = {
  submitted: 'info',
  in_review: 'info',
  need_information: 'warning',
  approved: 'success',
  denied: 'danger',
} as const;

/**
 * On the dashboard: the guarantor's latest application, its status and the
 * way to its tracker. Nothing while the list loads or fails, or when there is none.
 */
export function ApplicationStatusCard() {
  const t = useMessages(trackerMessages);
  const latest = useApplications().data?.applications[0];
  if (!latest) return null;
  const status = t.statuses[latest.status];
  return (
    <section
      aria-label={t.card.title}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex items-center gap-3">
        <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        <div className="flex flex-col gap-1">
          <p className="font-medium">{t.card.title}</p>
          <Badge variant={STATUS_BADGES[latest.status]} className="self-start">
            {t.card.status(status)}
          </Badge>
        </div>
      </div>
      <Link
        to="/financial-assistance/applications/$reference"
        params={{ reference: latest.reference }}
        className={TEXT_LINK_CLASS}
      >
        {t.card.view(latest.reference)}
      </Link>
    </section>
  );
}
