import { useCallback, useEffect, useRef, useState } from 'react';
import { STAFF_IDLE_WARNING_SECONDS } from '@webpay/contracts/office';
import { createIdleTimer, type IdlePhase, type IdleTimer } from './idle-timer.ts';
import { onServiceContact } from './office-api.ts';
import { endStaffSession, keepAlive } from './session-calls.ts';
import { staffSession, type StaffSession } from './staff-session.ts';

/** Work on the page (keys, clicks) tells the service at most this often that someone is there. */
const ACTIVITY_KEEP_ALIVE_MS = 60_000;
const ACTIVITY_EVENTS = ['keydown', 'pointerdown'] as const;

/**
 * Keeps the signed-in console in step with the service's idle clock: every
 * call restarts it, work on the page keeps it running, a warning comes 2
 * minutes before the end (issue #23) and the end signs out. The session's
 * 12-hour limit signs out too.
 */
export function useIdleSession(
  session: Pick<StaffSession, 'token' | 'expiresAt' | 'idleTimeoutMs'>,
) {
  const [phase, setPhase] = useState<IdlePhase>('active');
  const timer = useRef<IdleTimer | null>(null);
  const { token, expiresAt, idleTimeoutMs } = session;

  useEffect(() => {
    const idle = createIdleTimer({
      idleMs: idleTimeoutMs,
      warningMs: Math.min(STAFF_IDLE_WARNING_SECONDS * 1000, idleTimeoutMs / 2),
      onPhase: (next) => {
        setPhase(next);
        if (next === 'ended') void endStaffSession('idle');
      },
    });
    timer.current = idle;
    let lastContact = Date.now();
    const stopListening = onServiceContact(() => {
      lastContact = Date.now();
      idle.touch();
    });
    // Only while no warning is up: then the staff member answers the dialog.
    const onActivity = () => {
      if (idle.phase() !== 'active' || Date.now() - lastContact < ACTIVITY_KEEP_ALIVE_MS) return;
      void keepAlive();
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, true);
    const hardEnd = window.setTimeout(
      () => staffSession.end('expired'),
      Math.max(0, expiresAt - Date.now()),
    );
    return () => {
      idle.stop();
      stopListening();
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, true);
      window.clearTimeout(hardEnd);
    };
  }, [token, expiresAt, idleTimeoutMs]);

  const remainingMs = useCallback(() => timer.current?.remainingMs() ?? 0, []);
  return { phase, remainingMs };
}
